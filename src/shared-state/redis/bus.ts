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
 * A publish while Redis is unreachable waits in an outbox and is retried in order; if the outbox
 * overflows, the next event written carries a gap mark, which makes every reader resynchronise.
 */
import type { Redis } from 'ioredis';
import type { Bus, BusEvent } from '../bus.js';
import { RedisScript } from './connection.js';

/** KEYS: sequence, stream, latest snapshots. ARGV: event JSON, park key of a snapshot or '', max length, gap flag. */
const PUBLISH_SCRIPT = new RedisScript(`
local seq = redis.call('INCR', KEYS[1])
redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[3], '*', 'seq', seq, 'gap', ARGV[4], 'event', ARGV[1])
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

  private readonly outbox: { json: string; snapshotPark: string; done: () => void }[] = [];
  private flushing: Promise<void> | undefined;
  private overflowed = false;

  private lastId = '$';
  private lastSeq: number | undefined;
  private readFailed = false;
  private stopped = false;
  private reading: Promise<void> | undefined;
  private retryTimer: NodeJS.Timeout | undefined;

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
   * Queues the event and writes it in order. Resolves once written, or at once when earlier events
   * are still waiting for Redis (ingest keeps recording meanwhile; the outbox catches up).
   */
  publish(event: Event): Promise<void> {
    const json = JSON.stringify(event);
    const snapshotPark = event.type === 'refreshed' ? event.park_key : '';
    const backlog = this.retryTimer !== undefined;
    const written = new Promise<void>((resolve) => {
      this.outbox.push({ json, snapshotPark, done: resolve });
    });
    if (this.outbox.length > this.outboxLimit) {
      this.outbox.shift()?.done();
      this.overflowed = true;
    }
    if (!backlog) this.flush();
    return backlog ? Promise.resolve() : written;
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
    const values = await this.writer.hvals(this.keys.latest);
    return values.map((value) => JSON.parse(value) as Event);
  }

  async close(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    // Ends the blocking read at once; the loop sees `stopped` and returns.
    this.reader.disconnect();
    await this.reading;
    await this.flushing;
    for (const pending of this.outbox.splice(0)) pending.done();
  }

  private flush(): void {
    if (this.flushing || this.stopped) return;
    this.flushing = (async () => {
      while (this.outbox.length > 0 && !this.stopped) {
        const next = this.outbox[0];
        if (!next) break;
        try {
          await PUBLISH_SCRIPT.run(
            this.writer,
            [this.keys.seq, this.keys.stream, this.keys.latest],
            [next.json, next.snapshotPark, this.maxLength, this.overflowed ? 1 : 0],
          );
        } catch (error) {
          this.onError(error, 'publish');
          this.retryTimer = setTimeout(() => {
            this.retryTimer = undefined;
            this.flush();
          }, 500);
          return;
        }
        this.overflowed = false;
        this.outbox.shift();
        next.done();
      }
    })().finally(() => {
      this.flushing = undefined;
      // Published while the loop was finishing: write it now (unless a retry is already due).
      if (this.outbox.length > 0 && this.retryTimer === undefined) this.flush();
    });
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
        this.readFailed = true;
        await new Promise((resolve) => setTimeout(resolve, 200));
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
    if (seq !== expected || fieldOf(fields, 'gap') === '1') await this.resync();
    const json = fieldOf(fields, 'event');
    if (json === undefined) return;
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
