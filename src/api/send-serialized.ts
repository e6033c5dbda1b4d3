import type { FastifyReply } from 'fastify';

/**
 * Sends JSON that is already serialised (a cached document, a live snapshot): Fastify passes a
 * string with a JSON content type through untouched, so the bytes are written as they are. The
 * route's schema still documents the shape.
 */
export function sendSerialized(reply: FastifyReply, json: string | Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
