/** Assertions every endpoint's response must pass: envelope, headers, and the published schema. */
import { expect } from 'vitest';
import type { OpenApiContract } from './openapi.js';
import { SITE_URL } from './server.js';

/** A response with its JSON body, typed as the caller says (a route module's exported response type). */
export interface Received<Body extends object = Record<string, unknown>> {
  readonly status: number;
  readonly headers: Headers;
  readonly body: Body;
}

export async function receive<Body extends object = Record<string, unknown>>(
  response: Response,
): Promise<Received<Body>> {
  const text = await response.text();
  let body: Body;
  try {
    body = JSON.parse(text) as Body;
  } catch {
    throw new Error(`expected JSON, got ${response.status}: ${text.slice(0, 200)}`);
  }
  return { status: response.status, headers: response.headers, body };
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export function expectEnvelope(received: Received<object>, attributionUrl: string): void {
  const body = received.body as Record<string, unknown>;
  expect(body.schema_version, JSON.stringify(body)).toBe(1);
  expect(body.docs_url).toBe(`${SITE_URL}/docs`);
  expect(body.attribution).toEqual({
    text: 'Live data from queuecast.test',
    url: attributionUrl,
    required: true,
  });
  expect(body.generated_at).toMatch(TIMESTAMP);
  expect(received.headers.get('access-control-allow-origin')).toBe('*');
  expect(received.headers.get('content-type')).toMatch(/^application\/json/);
  expect(received.headers.get('x-request-id')).toBeTruthy();
}

/** A 200 with the envelope, `Cache-Control: public, max-age=<maxAge>` and a body the OpenAPI document accepts. */
export function expectSuccess(
  received: Received<object>,
  contract: OpenApiContract,
  path: string,
  options: { maxAge: number; attributionUrl: string },
): void {
  expect(received.status, JSON.stringify(received.body)).toBe(200);
  expectEnvelope(received, options.attributionUrl);
  expect(received.headers.get('cache-control')).toBe(`public, max-age=${options.maxAge}`);
  expect(contract.validate(path, 200, received.body)).toEqual([]);
  // Every data endpoint (all but `/v1` and `/v1/openapi.json`) counts against a limit and says so.
  const limited = !['/v1', '/v1/openapi.json'].includes(path.split('?')[0] ?? path);
  for (const header of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) {
    if (limited) expect(received.headers.get(header), header).toMatch(/^\d+$/);
    else expect(received.headers.get(header), header).toBeNull();
  }
}

/** An error envelope with `code`, a message matching `message`, and a body the OpenAPI document accepts. */
export function expectError(
  received: Received<object>,
  contract: OpenApiContract | undefined,
  path: string,
  expected: { status: number; code: string; message?: RegExp },
): void {
  expect(received.status, JSON.stringify(received.body)).toBe(expected.status);
  expectEnvelope(received, `${SITE_URL}/`);
  const error = (received.body as { error: { code: string; message: string; docs_url: string } }).error;
  expect(error.code).toBe(expected.code);
  expect(error.docs_url).toBe(`${SITE_URL}/docs#errors`);
  if (expected.message) expect(error.message).toMatch(expected.message);
  expect(received.headers.get('cache-control')).toBe('no-store');
  if (expected.status === 401) expectChallenge(received.headers);
  if (contract) expect(contract.validate(path, expected.status, received.body)).toEqual([]);
}

/** A 401's `WWW-Authenticate` (RFC 9110), in the Bearer form of RFC 6750, never quoting the key. */
export function expectChallenge(headers: Headers | Record<string, unknown>): void {
  const value = headers instanceof Headers ? headers.get('www-authenticate') : headers['www-authenticate'];
  expect(value).toMatch(/^Bearer realm="queuecast", error="invalid_token", error_description="[^"\\]+"$/);
  expect(String(value)).not.toMatch(/pk_live_/);
}
