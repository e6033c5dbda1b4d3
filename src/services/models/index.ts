/**
 * The park models service and the shapes the API, the site and best times read from it. Inside:
 * `park-model-service.ts` schedules and caches, `history.ts` samples the recorded waits,
 * `day-fit.ts` fits the finished days once a day, `accuracy.ts` measures the forecast on them,
 * `today.ts` reads today's index and `crowd-forecast.ts` assembles the forecast and its drivers.
 */
export { ParkModelService, type ParkModels } from './park-model-service.js';
export type { CrowdDriver, CrowdForecastDay } from './crowd-forecast.js';
export type { CrowdAccuracy } from './accuracy.js';
export type { RideModel } from './day-fit.js';
