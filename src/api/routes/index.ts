import type { ApiContext } from '../context.js';
import type { ApiServer, ListedEndpoint } from '../server.js';
import { registerGetParkRide } from './parks/get-park-ride.js';
import { registerGetPriorityLane } from './parks/get-priority-lane.js';
import { registerGetReliability } from './parks/get-reliability.js';
import { registerGetWaits } from './parks/get-waits.js';
import { registerListOutagesToday } from './parks/list-outages-today.js';
import { registerListParks } from './parks/list-parks.js';
import { registerListRides } from './parks/list-rides.js';
import { registerGetResort } from './resorts/get-resort.js';
import { registerListResorts } from './resorts/list-resorts.js';
import { registerGetHistory } from './rides/get-history.js';
import { registerGetRide } from './rides/get-ride.js';
import { registerListRideOutages } from './rides/list-outages.js';
import { registerGetIndex } from './service/get-index.js';
import { registerGetOpenapi } from './service/get-openapi.js';

/** Every endpoint, in the order of the spec's endpoint table. */
export function registerRoutes(app: ApiServer, context: ApiContext, listed: ListedEndpoint[]): void {
  registerGetIndex(app, context, listed);
  registerGetOpenapi(app, context);
  registerListParks(app, context);
  registerGetWaits(app, context);
  registerListRides(app, context);
  registerGetParkRide(app, context);
  registerGetPriorityLane(app, context);
  registerGetReliability(app, context);
  registerGetRide(app, context);
  registerGetHistory(app, context);
  registerListRideOutages(app, context);
  registerListOutagesToday(app, context);
  registerListResorts(app, context);
  registerGetResort(app, context);
}
