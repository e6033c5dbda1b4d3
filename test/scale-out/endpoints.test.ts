/**
 * The shared endpoint suite once more, on the scaled-out configuration: each server on a
 * PostgreSQL database of its own (DATABASE_URL) and Redis (REDIS_URL, its own key prefix), so
 * every data endpoint answers there as it does on the embedded SQLite and in-process state.
 */
import { DATA_ENDPOINTS } from '../../src/api/routes/index.js';
import { describeDataEndpoints, type SuiteConfiguration } from '../support/endpoint-suite.js';
import { describeWithDatabases, freshDatabase, freshRedisPrefix, redisUrl } from '../support/scale-out.js';

const scaledOut: SuiteConfiguration = {
  name: 'PostgreSQL and Redis',
  async prepare() {
    const database = await freshDatabase();
    return {
      env: { DATABASE_URL: database.url, REDIS_URL: redisUrl() },
      redisKeyPrefix: freshRedisPrefix(),
      release: () => database.drop(),
    };
  },
};

describeWithDatabases('scaled out: PostgreSQL and Redis', () => {
  describeDataEndpoints(DATA_ENDPOINTS, scaledOut);
});
