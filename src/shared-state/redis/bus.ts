/**
 * The change bus on a Redis Stream, so a change ingested by the leader reaches the stream clients of
 * every instance, in order, with no silent loss.
 *
 * Pub/sub would drop whatever is published while a subscriber reconnects. Here every event is
 * appended to one stream with a sequence number (INCR and XADD in one script, so stream order and
 * numbering agree). Each instance reads the stream from where it left off on a dedicated connection,
 * so a reconnect resumes instead of losing. When it cannot resume (Redis restarted and lost the
 * stream, or the stream was trimmed past the reader), the numbers jump: the bus then hands its
 * subscribers each park's latest full snapshot and tells them of the gap, so stream clients are sent
 * a fresh `snapshot` instead of keeping a stale picture.
 *
 * Redis is an accelerator here, not a dependency of ingest: a publish is handed to this instance's
 * own subscribers at once and written to Redis in the background (the publisher never waits), and
 * each reader skips the events its own instance wrote. While Redis is away (the breaker is open),
 * fan-out to the other instances pauses: the outbox keeps only each park's latest snapshot, and the
 * first entry written once Redis answers carries a gap mark, so every other instance hands its
 * subscribers those snapshots and its stream clients get a fresh `snapshot`, instead of a minute of
 * stale changes replayed late.
 */
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { CircuitBreaker } from '../breaker.js';
import type { Bus, BusEvent } from '../bus.js';
import { RedisScript } from './connection.js';

/**
 * KEYS: sequence, stream, latest snapshots. ARGV: event JSON ('' for a bare gap mark), park key of a
 * snapshot or '', max length, gap flag, the publishing instance.
 */
const PUBLISH_SCRIPT = new RedisScript(`
local seq = redis.call('INCR', KEYS[1])
redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[3], '*', 'seq', seq, 'gap', ARGV[4], 'origin', ARGV[5], 'event', ARGV[1])
if ARGV[2] ~= '' then redis.call('HSET', KEYS[3], ARGV[2], ARGV[1]) end
return seq
`);

export interface RedisBusOptions {
  /** Entries kept in the stream (approximately): a reader further behind than this resynchronises. */
  readonly maxLength?: number;
  /** Events held while Redis is unreachable; beyond it the oldest are dropped and readers resync. */
  readonly outboxLimit?: number;
  /** How long one blocking read waits before checking for shutdown. */
  readonly blockMs?: number;
  readonly onError?: (error: unknown, during: 'publish' | 'read') => void;
  /** Shared with the other users of the connection; by default the bus probes with a PING. */
  readonly breaker?: CircuitBreaker;
}

interface PendingEvent {
  readonly json: string;
  /** The park of a `refreshed` event (the only kind kept through an outage), else ''. */
  readonly snapshotPark: string;
}

type GapListener = () => void;

export class RedisBus<Event extends BusEvent> implements Bus<Event> {
  private readonly listeners = new Set<(event: Event) => void>();
  private readonly gapListeners = new Set<GapListener>();
  private readonly keys: { seq: string; stream: string; latest: string };
  private readonly maxLength: number;
  private readonly outboxLimit: number;
  private readonly blockMs: number;
  private readonly onError: (error: unknown, during: 'publish' | 'read') => void;
  private readonly breaker: CircuitBreaker;
  private readonly ownsBreaker: boolean;
  private readonly stopListeningToBreaker: () => void;
  /** Marks the entries this instance writes, which its reader then skips. */
  private readonly origin = randomBytes(8).toString('hex');

  private outbox: PendingEvent[] = [];
  private flushing: Promise<void> | undefined;
  /** Events were dropped: the next entry written tells every reader to resynchronise. */
  private overflowed = false;

  private lastId = '$';
  private lastSeq: number | undefined;
  private readFailed = false;
  private stopped = false;
  private reading: Promise<void> | undefined;

  /**
   * @param writer a shared connection for publishing and lookups
   * @param reader a connection of its own: XREAD BLOCK holds it
   */
  constructor(
    private readonly writer: Redis,
    private readonly reader: Redis,
    prefix: string,
    options: RedisBusOptions = {},
  ) {
    this.keys = { seq: `${prefix}bus:seq`, stream: `${prefix}bus`, latest: `${prefix}bus:latest` };
    this.maxLength = options.maxLength ?? 10_000;
    this.outboxLimit = options.outboxLimit ?? 10_000;
    this.blockMs = options.blockMs ?? 2_000;
    this.onError = options.onError ?? (() => undefined);
    this.ownsBreaker = options.breaker === undefined;
    this.breaker = options.breaker ?? new CircuitBreaker({ probe: () => writer.ping() });
    this.stopListeningToBreaker = this.breaker.listen({
      closed: () => {
        this.flush();
      },
    });
  }

  /** Finds the stream's end, then reads from there on: events published after this resolves arrive. */
  async start(): Promise<void> {
    const last = await this.writer.xrevrange(this.keys.stream, '+', '-', 'COUNT', 1);
    const entry = last[0];
    if (entry) {
      this.lastId = entry[0];
      this.lastSeq = sequenceOf(entry[1]);
    } else {
      this.lastId = '0-0';
      this.lastSeq = Number((await this.writer.get(this.keys.seq)) ?? 0);
    }
    this.reading = this.readLoop();
  }

  /**
   * Hands the event to this instance's subscribers at once, then writes it to Redis in the
   * background, in order: the caller (ingest) never waits for Redis.
   */
  publish(event: Event): void {
    this.deliver(event);
    const pending = {
      json: JSON.stringify(event),
      snapshotPark: event.type === 'refreshed' ? event.park_key : '',
    };
    if (!this.breaker.closed) {
      this.holdThroughOutage(pending);
      return;
    }
    this.outbox.push(pending);
    if (this.outbox.length > this.outboxLimit) {
      this.outbox.shift();
      this.overflowed = true;
    }
    this.flush();
  }

  subscribe(listener: (event: Event) => void, onGap?: GapListener): () => void {
    this.listeners.add(listener);
    if (onGap) this.gapListeners.add(onGap);
    return () => {
      this.listeners.delete(listener);
      if (onGap) this.gapListeners.delete(onGap);
    };
  }

  /** Each park's latest `refreshed` event: where a starting (or resynchronising) instance begins. */
  async latest(): Promise<Event[]> {
    // Not started (the instance started while Redis was away): nothing to begin from yet.
    if (this.reading === undefined) return [];
    const values = await this.writer.hvals(this.keys.latest);
    return values.map((value) => JSON.parse(value) as Event);
  }

  async close(): Promise<void> {
    this.stopped = true;
    this.stopListeningToBreaker();
    if (this.ownsBreaker) this.breaker.stop();
    // Ends the blocking read at once; the loop sees `stopped` and returns.
    this.reader.disconnect();
    await this.reading;
    await this.flushing;
  }

  /**
   * While Redis is away, other instances will resynchronise from each park's latest snapshot when
   * it returns: only that is kept, and the events in between are dropped with a gap mark.
   */
  private holdThroughOutage(pending: PendingEvent): void {
    if (!this.overflowed) {
      this.outbox = this.outbox.filter((held) => held.snapshotPark !== '');
      this.overflowed = true;
    }
    if (pending.snapshotPark === '') return;
    this.outbox = this.outbox.filter((held) => held.snapshotPark !== pending.snapshotPark);
    this.outbox.push(pending);
  }

  private flush(): void {
    if (this.flushing || this.stopped || !this.breaker.closed) return;
    this.flushing = (async () => {
      while ((this.outbox.length > 0 || this.overflowed) && !this.stopped && this.breaker.closed) {
        // A gap with nothing held to carry its mark is written as a bare mark.
        const next = this.outbox[0] ?? { json: '', snapshotPark: '' };
        try {
          await PUBLISH_SCRIPT.run(
            this.writer,
            [this.keys.seq, this.keys.stream, this.keys.latest],
            [next.json, next.snapshotPark, this.maxLength, this.overflowed ? 1 : 0, this.origin],
          );
        } catch (error) {
          this.onError(error, 'publish');
          this.breaker.failed(error);
          // Held until the breaker closes again (its probe found Redis answering).
          const held = this.outbox;
          this.outbox = [];
          for (const pending of held) this.holdThroughOutage(pending);
          return;
        }
        this.overflowed = false;
        if (this.outbox[0] === next) this.outbox.shift();
      }
    })().finally(() => {
      this.flushing = undefined;
      // Published while the loop was finishing: write it now.
      if (this.outbox.length > 0) this.flush();
    });
  }

  /** A method, not an inline test: the breaker and `stopped` change across awaits. */
  private waitingForRedis(): boolean {
    return (!this.breaker.closed || this.reader.status !== 'ready') && !this.stopped;
  }

  /** Read through a getter: `stopped` changes across awaits (close). */
  private get halted(): boolean {
    return this.stopped;
  }

  private async readLoop(): Promise<void> {
    while (!this.stopped) {
      let reply: [string, [string, string[]][]][] | null;
      try {
        if (this.readFailed) await this.checkAfterFailure();
        reply = await this.reader.xread(
          'COUNT',
          1000,
          'BLOCK',
          this.blockMs,
          'STREAMS',
          this.keys.stream,
          this.lastId,
        );
      } catch (error) {
        if (this.halted) return;
        this.onError(error, 'read');
        // A reader still reconnecting after Redis came back says nothing of Redis itself.
        if (this.reader.status === 'ready') this.breaker.failed(error);
        this.readFailed = true;
        // Reads again once the breaker's probe finds Redis answering and this connection is back.
        do {
          await new Promise((resolve) => setTimeout(resolve, 200));
        } while (this.waitingForRedis());
        continue;
      }
      for (const [, entries] of reply ?? []) {
        for (const [id, fields] of entries) await this.receive(id, fields);
      }
    }
  }

  /**
   * After a lost connection: if Redis restarted (the numbering is behind where this reader was), the
   * stream's IDs may no longer follow ours, so read the new stream from its start and resync.
   */
  private async checkAfterFailure(): Promise<void> {
    const seq = Number((await this.writer.get(this.keys.seq)) ?? 0);
    this.readFailed = false;
    if (this.lastSeq !== undefined && seq < this.lastSeq) {
      this.lastId = '0-0';
      this.lastSeq = 0;
      await this.resync();
    }
  }

  private async receive(id: string, fields: string[]): Promise<void> {
    this.lastId = id;
    const seq = sequenceOf(fields);
    const expected = this.lastSeq === undefined ? seq : this.lastSeq + 1;
    this.lastSeq = seq;
    // This instance's own subscribers were handed its events when it published them.
    if (fieldOf(fields, 'origin') === this.origin) return;
    if (seq !== expected || fieldOf(fields, 'gap') === '1') await this.resync();
    const json = fieldOf(fields, 'event');
    if (json === undefined || json === '') return;
    this.deliver(JSON.parse(json) as Event);
  }

  /** Hands subscribers every park's latest snapshot, then tells them events were missed. */
  private async resync(): Promise<void> {
    try {
      for (const event of await this.latest()) this.deliver(event);
    } catch (error) {
      this.onError(error, 'read');
    }
    for (const listener of this.gapListeners) {
      try {
        listener();
      } catch (error) {
        this.onError(error, 'read');
      }
    }
  }

  private deliver(event: Event): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.onError(error, 'read');
      }
    }
  }
}

function fieldOf(fields: readonly string[], name: string): string | undefined {
  for (let i = 0; i < fields.length; i += 2) if (fields[i] === name) return fields[i + 1];
  return undefined;
}

function sequenceOf(fields: readonly string[]): number {
  return Number(fieldOf(fields, 'seq') ?? 0);
}
