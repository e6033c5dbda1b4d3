/**
 * A response body serialised once and reused for every request until its data changes: the JSON
 * bytes, their ETag, and brotli and gzip encodings made on first demand. Requests then cost a
 * header check and a buffer write.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { JSON_CONTENT_TYPE, addPreparedHeaders, type ContentEncoding } from '../response-headers.js';

export class PreparedBody {
  readonly etag: string;
  private readonly encodings = new Map<ContentEncoding, Buffer>();

  /**
   * @param json the body's bytes (a JSON document for the API; the site prepares its HTML pages,
   *   scripts and styles the same way, naming their `contentType`)
   */
  constructor(
    readonly json: Buffer,
    readonly contentType: string = JSON_CONTENT_TYPE,
  ) {
    this.etag = `"${createHash('sha1').update(json).digest('base64url')}"`;
  }

  static of(body: unknown): PreparedBody {
    return new PreparedBody(Buffer.from(JSON.stringify(body)));
  }

  encoded(encoding: ContentEncoding): Buffer {
    let bytes = this.encodings.get(encoding);
    if (!bytes) {
      // Brotli quality 5: most of the size win of 11 at a small part of its cost, paid once per body.
      bytes =
        encoding === 'br'
          ? brotliCompressSync(this.json, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
          : gzipSync(this.json, { level: 6 });
      this.encodings.set(encoding, bytes);
    }
    return bytes;
  }
}

/** How many Accept-Encoding spellings are remembered (clients choose them, so the memo is bounded). */
const REMEMBERED_ACCEPT_ENCODINGS = 256;
/** Each Accept-Encoding value seen, with its choice: clients send a handful of spellings, over and over. */
const chosenEncodings = new Map<string, ContentEncoding | null>();

/** The best encoding the client accepts (brotli over gzip), honouring `q=0`. */
export function acceptedEncoding(header: string | undefined): ContentEncoding | undefined {
  if (!header) return undefined;
  const remembered = chosenEncodings.get(header);
  if (remembered !== undefined) return remembered ?? undefined;
  const chosen = chooseEncoding(header);
  if (chosenEncodings.size >= REMEMBERED_ACCEPT_ENCODINGS) chosenEncodings.clear();
  chosenEncodings.set(header, chosen ?? null);
  return chosen;
}

function chooseEncoding(header: string): ContentEncoding | undefined {
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
    if (name && !refused) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  // What a client sends back is nearly always the ETag it was given, as it was given.
  if (header === etag) return true;
  return header.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value === etag || value === `W/${etag}`;
  });
}

/** What a request gets from a prepared body: 304 for a matching If-None-Match, else the best encoding. */
export interface PreparedAnswer {
  readonly status: 200 | 304;
  readonly encoding: ContentEncoding | undefined;
  /** Undefined for a 304. */
  readonly bytes: Buffer | undefined;
}

export function answerFor(
  body: PreparedBody,
  ifNoneMatch: string | undefined,
  acceptEncoding: string | undefined,
): PreparedAnswer {
  if (matchesEtag(ifNoneMatch, body.etag)) return { status: 304, encoding: undefined, bytes: undefined };
  const encoding = acceptedEncoding(acceptEncoding);
  return { status: 200, encoding, bytes: encoding ? body.encoded(encoding) : body.json };
}

/** Answers through the router with a prepared body (the prepared lane answers without it). */
export function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  body: PreparedBody,
  cacheControl: string,
): FastifyReply {
  const answer = answerFor(body, request.headers['if-none-match'], request.headers['accept-encoding']);
  reply.headers(
    addPreparedHeaders({}, cacheControl, body.etag, answer.bytes, answer.encoding, body.contentType),
  );
  return reply.code(answer.status).send(answer.bytes);
}
