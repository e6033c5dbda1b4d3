import { OUTAGE_STATUSES, type OperatorStatus } from '../feeds/types.js';
import type { LiveStatus } from './types.js';

/** Whether a status is one that opens an outage: Down, Brief Delay or Weather Delay. */
export function isOutageStatus(status: LiveStatus): status is OperatorStatus {
  return OUTAGE_STATUSES.has(status as OperatorStatus);
}
