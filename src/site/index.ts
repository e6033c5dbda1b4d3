import type { ApiContext } from '../api/context.js';
import type { ApiServer } from '../api/server.js';

/** The website's pages: the developer docs now; park and ride pages join them. */
export function registerSite(_server: ApiServer, _context: ApiContext): void {
  // Docs routes are registered here once the renderer lands.
}
