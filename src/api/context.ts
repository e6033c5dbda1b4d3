import type { Catalog } from '../catalog/catalog.js';
import type { Config } from '../config/index.js';
import type { Clock } from '../lib/clock.js';
import type { LiveState } from '../live/live-state.js';
import type { PriorityPriceService } from '../services/priority-prices.js';
import type { ReliabilityService } from '../services/reliability.js';
import type { HistoryStore } from '../store/ports.js';
import type { AccessControl } from './access/access-control.js';
import type { TrustProxy } from './client-ip.js';
import type { EnvelopeFactory } from './envelope.js';
import type { Links } from './links.js';

/** What the HTTP layer reads; the composition root (`src/app`) builds it. */
export interface ApiContext {
  readonly config: Config;
  readonly clock: Clock;
  readonly catalog: Catalog;
  readonly links: Links;
  readonly envelopes: EnvelopeFactory;
  readonly live: LiveState;
  readonly history: HistoryStore;
  readonly reliability: ReliabilityService;
  readonly priorityPrices: PriorityPriceService;
  readonly access: AccessControl;
  /** Which proxies may name the client address (TRUST_PROXY), for HTTP and WebSocket alike. */
  readonly trustProxy: TrustProxy;
}
