/**
 * Every data endpoint the server registers passes the shared endpoint suite
 * (support/endpoint-suite.ts): an endpoint added to the registry is tested here with no more code.
 */
import { DATA_ENDPOINTS } from '../../src/api/routes/index.js';
import { describeDataEndpoint } from '../support/endpoint-suite.js';

for (const endpoint of DATA_ENDPOINTS) describeDataEndpoint(endpoint);
