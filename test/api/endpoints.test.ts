/**
 * Every data endpoint passes the shared endpoint suite (support/endpoint-suite.ts): one line each.
 */
import { describe, expect, it } from 'vitest';
import { getParkRide } from '../../src/api/routes/parks/get-park-ride.js';
import { getPriorityLane } from '../../src/api/routes/parks/get-priority-lane.js';
import { getReliability } from '../../src/api/routes/parks/get-reliability.js';
import { getWaits } from '../../src/api/routes/parks/get-waits.js';
import { listOutagesToday } from '../../src/api/routes/parks/list-outages-today.js';
import { listParks } from '../../src/api/routes/parks/list-parks.js';
import { listRides } from '../../src/api/routes/parks/list-rides.js';
import { getResort } from '../../src/api/routes/resorts/get-resort.js';
import { listResorts } from '../../src/api/routes/resorts/list-resorts.js';
import { getHistory } from '../../src/api/routes/rides/get-history.js';
import { getRide } from '../../src/api/routes/rides/get-ride.js';
import { listRideOutages } from '../../src/api/routes/rides/list-outages.js';
import { DATA_ENDPOINTS } from '../../src/api/routes/index.js';
import { describeDataEndpoint } from '../support/endpoint-suite.js';

const covered = [
  listParks,
  getWaits,
  listRides,
  getParkRide,
  getPriorityLane,
  getReliability,
  getRide,
  getHistory,
  listRideOutages,
  listOutagesToday,
  listResorts,
  getResort,
];

for (const endpoint of covered) describeDataEndpoint(endpoint);

describe('the shared endpoint suite', () => {
  it('covers every data endpoint the server registers', () => {
    expect(covered.map((endpoint) => endpoint.url).sort()).toEqual(DATA_ENDPOINTS.map((e) => e.url).sort());
  });
});
