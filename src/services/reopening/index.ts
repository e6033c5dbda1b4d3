/**
 * When a down ride reopens. Inside: `reopening-service.ts` fits and caches the model and estimates
 * open outages; `history.ts` reads the recorded outages and hours as the model and its backtest
 * (`models backtest-outages`) read them.
 */
export { ReopeningService, type ReopeningEstimate } from './reopening-service.js';
