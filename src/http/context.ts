import type { Catalog } from '../catalog/catalog.js';
import type { Config } from '../config/index.js';
import type { Clock } from '../lib/clock.js';
import type { Services } from '../services/index.js';
import type { AccessControl } from './access/access-control.js';
import type { TrustProxy } from './client-ip.js';
import type { EnvelopeFactory } from './envelope.js';
import type { Links } from './links.js';
import type { EndpointRegistry } from './registry.js';

/** What the HTTP layer reads; the composition root (`src/app`) builds it. */
export interface ApiContext {
  readonly config: Config;
  readonly clock: Clock;
  readonly catalog: Catalog;
  readonly links: Links;
  readonly envelopes: EnvelopeFactory;
  /** The rules: every computation a route needs. */
  readonly services: Services;
  readonly access: AccessControl;
  /** Which proxies may name the client address (TRUST_PROXY), for HTTP and WebSocket alike. */
  readonly trustProxy: TrustProxy;
  /** What the server serves (the index and the OpenAPI document read it). */
  readonly registry: EndpointRegistry;
}
