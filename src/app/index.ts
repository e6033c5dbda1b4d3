/**
 * The composition root: builds every service from the configuration and starts and stops them in
 * order. The only place that picks implementations.
 */
import type { Logger } from 'pino';
import { EnvelopeFactory } from '../api/envelope.js';
import { Links } from '../api/links.js';
import { buildApiServer, type ApiServer } from '../api/server.js';
import { Catalog } from '../catalog/catalog.js';
import type { Config } from '../config/index.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { registerSite } from '../site/index.js';

export interface AppOptions {
  readonly config: Config;
  readonly logger: Logger;
  readonly clock?: Clock;
}

export interface App {
  readonly server: ApiServer;
  /** Listens on the configured host and port (port 0 picks a free one); resolves to the address. */
  listen(): Promise<string>;
  /** Stops accepting, finishes in-flight requests, then releases everything. */
  close(): Promise<void>;
}

export async function createApp({ config, logger, clock = systemClock }: AppOptions): Promise<App> {
  const catalog = Catalog.load();
  const links = new Links(config.siteUrl, config.baseUrl);
  const envelopes = new EnvelopeFactory(links, clock);
  const context = { config, clock, catalog, links, envelopes };

  const server = await buildApiServer(context, logger, (app) => {
    registerSite(app, context);
  });
  await server.ready();

  return {
    server,
    listen: () => server.listen({ port: config.port, host: config.host }),
    close: () => server.close(),
  };
}
