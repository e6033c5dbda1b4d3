/**
 * Pages are served like API bodies (src/http/prepared): built once per version of their inputs,
 * kept with their ETag and brotli/gzip encodings, answered 304 to a matching If-None-Match.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendPrepared } from '../../http/prepared/body.js';
import { PreparedBody } from '../../http/prepared/body.js';
import { PreparedCache, type Version } from '../../http/prepared/cache.js';
import { cacheControl } from '../../http/response-headers.js';
import type { Clock } from '../../lib/clock.js';

export const HTML_CONTENT_TYPE = 'text/html; charset=utf-8';

export class PageCache {
  private readonly cache: PreparedCache;
  private readonly cacheControl: string;

  /** @param maxAge seconds: the shortest max-age of the API data the page shows. */
  constructor(clock: Clock, maxAge: number) {
    // A page's version names its data; its age bounds only labels (a zone's name, a date), so an
    // expired page is answered while its successor is rendered and compressed.
    this.cache = new PreparedCache(clock, maxAge, 'rebuild-behind');
    this.cacheControl = cacheControl(maxAge);
  }

  /** The page for `key` at `version` when it is built and current (what the prepared lane serves). */
  peek(key: string, version: Version): PreparedBody | undefined {
    return this.cache.peek(key, version);
  }

  /** The prepared page for `key` at `version` (built by `build` when missing or outdated). */
  prepared(key: string, version: Version, build: () => Promise<string> | string): Promise<PreparedBody> {
    return this.cache.get(key, version, async () => htmlBody(await build()));
  }

  async send(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    version: Version,
    build: () => Promise<string> | string,
  ): Promise<FastifyReply> {
    return sendPrepared(request, reply, await this.prepared(key, version, build), this.cacheControl);
  }
}

export function htmlBody(html: string): PreparedBody {
  return new PreparedBody(Buffer.from(html), HTML_CONTENT_TYPE);
}
