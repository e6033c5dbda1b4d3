/**
 * Keeps one of Node's tick objects alive for the life of the process, so that `process.nextTick`
 * stays fast: otherwise a full collection with no tick queued frees the hidden classes its object
 * literal's caches hold weakly, and V8 turns those caches megamorphic for good (ADR 0007).
 *
 * Performance plumbing for the process entry points (`src/main.ts`, the bench server), which load
 * it first; nothing else imports it. `npm run canary` checks it still works after a Node upgrade.
 */
import { createHook } from 'node:async_hooks';

const kept: object[] = [];

const catcher = createHook({
  init(_asyncId, type, _triggerAsyncId, resource) {
    if (type !== 'TickObject' || kept.length > 0) return;
    kept.push(resource);
    catcher.disable();
  },
});
catcher.enable();
process.nextTick(() => undefined);
