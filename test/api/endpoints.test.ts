/**
 * Every data endpoint the server registers passes the shared endpoint suite
 * (support/endpoint-suite.ts): an endpoint added to the registry is tested here with no more code.
 */
import { DATA_ENDPOINTS } from '../../src/api/routes/index.js';
import { describeDataEndpoints } from '../support/endpoint-suite.js';

describeDataEndpoints(DATA_ENDPOINTS);
