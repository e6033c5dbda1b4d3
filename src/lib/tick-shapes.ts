/**
 * Keeps one of Node's tick objects alive for the life of the process, so that `process.nextTick`
 * stays fast.
 *
 * `process.nextTick` builds each tick from an object literal with computed keys. V8 caches how to
 * add each of those properties, one hidden class (map) per step, and the steps' classes are held
 * only weakly. A full garbage collection at a moment when no tick is queued (start-up, an idle
 * minute) frees them. The next ticks then make new ones, and V8 turns those caches megamorphic for
 * good: from then on every tick object is built in V8's runtime. `node:http` queues three or four
 * ticks per response, and a `/waits` answer cost 13% more CPU that way (BENCHMARKS.md, session 5).
 * A tick object that never dies keeps its class, and through it every step's class, alive.
 *
 * It has to run before that first collection, so the entry points load this module first. The
 * async hook that catches the tick is disabled as soon as it has one.
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
