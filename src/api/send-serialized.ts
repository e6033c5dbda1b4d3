import type { FastifyReply } from 'fastify';
import { JSON_CONTENT_TYPE } from '../http/response-headers.js';

/**
 * Sends JSON that is already serialised (a cached document, a live snapshot): Fastify passes a
 * string with a JSON content type through untouched, so the bytes are written as they are. The
 * route's schema still documents the shape.
 */
export function sendSerialized(reply: FastifyReply, json: string | Buffer): FastifyReply {
  return reply.type(JSON_CONTENT_TYPE).send(json);
}
