/**
 * Every endpoint, in the order of the spec's endpoint table: the one list the server registers,
 * the index lists and the shared endpoint tests iterate.
 */
import type { Endpoint } from '../../http/endpoint.js';
import { getConditions } from './parks/get-conditions.js';
import { getHours } from './parks/get-hours.js';
import { getCrowdActuals } from './parks/get-crowd-actuals.js';
import { getCrowds } from './parks/get-crowds.js';
import { getParkRide } from './parks/get-park-ride.js';
import { getPriorityLane } from './parks/get-priority-lane.js';
import { getReliability } from './parks/get-reliability.js';
import { getWaits } from './parks/get-waits.js';
import { getPlan } from './parks/get-plan.js';
import { listOutagesToday } from './parks/list-outages-today.js';
import { listParks } from './parks/list-parks.js';
import { listRides } from './parks/list-rides.js';
import { getHotelAvailability } from './resorts/get-hotel-availability.js';
import { getParkAvailability } from './resorts/get-park-availability.js';
import { listShowtimes } from './parks/list-showtimes.js';
import { getResort } from './resorts/get-resort.js';
import { getTickets } from './resorts/get-tickets.js';
import { listBusDepartures } from './resorts/list-bus-departures.js';
import { listBusStops } from './resorts/list-bus-stops.js';
import { listEvents } from './resorts/list-events.js';
import { listResorts } from './resorts/list-resorts.js';
import { getBestTimes } from './rides/get-best-times.js';
import { getHistory } from './rides/get-history.js';
import { getRide } from './rides/get-ride.js';
import { listRideOutages } from './rides/list-outages.js';
import { getIndex } from './service/get-index.js';
import { getOpenapi } from './service/get-openapi.js';

export const ENDPOINTS: readonly Endpoint[] = [
  getIndex,
  getOpenapi,
  listParks,
  getWaits,
  listRides,
  getParkRide,
  getHours,
  getCrowds,
  getPriorityLane,
  getReliability,
  getRide,
  getBestTimes,
  getHistory,
  listRideOutages,
  listOutagesToday,
  listShowtimes,
  getConditions,
  getCrowdActuals,
  listResorts,
  getResort,
  getTickets,
  getParkAvailability,
  getHotelAvailability,
  listEvents,
  listBusStops,
  listBusDepartures,
  // Beyond the spec's table: touring plans.
  getPlan,
];

/** The data endpoints: every endpoint that takes a key and counts against the limits. */
export const DATA_ENDPOINTS: readonly Endpoint[] = ENDPOINTS.filter((endpoint) => endpoint.rateLimited);
