/*
 * Page prose that the document cannot carry: the rules every caller must follow. Written once in
 * the Markdown subset both renderers understand (paragraphs, `-` lists, code, links, bold).
 */

import { TIER_LIMITS } from '../../http/access/tiers.js';
import type { OperationLink } from './types.js';

/** Fields every body carries; operation tables leave them out and point here instead. */
export const envelopeFieldNames = ['schema_version', 'docs_url', 'attribution', 'generated_at'] as const;

export function overviewProse(siteUrl: string, streamUrl: string, eventStreams: OperationLink[]): string {
  const siteRoot = siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`;
  const sse = eventStreams.map((stream) => `[\`${stream.label}\`](#${stream.anchor})`).join(', ');
  return [
    'Every response, success or error, is a JSON object carrying these envelope fields beside its own:',
    [
      '- `schema_version` (integer): always `1`.',
      '- `docs_url` (string, URI): this documentation.',
      '- `attribution` (object): `text` (string), `url` (string, URI) and `required` (always `true`).',
      '- `generated_at` (string, date-time): when the response was produced.',
      '- `error` (object, errors only): `code`, `message` and `docs_url`; see [Errors](#errors).',
    ].join('\n'),
    'The field tables below list only what each endpoint adds.',
    '**Attribution is mandatory.** Wherever you show the data, display `attribution.text` with a visible ' +
      'link to `attribution.url`. Until the first response or stream message has arrived, link to ' +
      `[${siteRoot}](${siteRoot}).`,
    '**Timestamps** are UTC, ISO 8601, with milliseconds and a trailing `Z` ' +
      '(`2026-10-01T14:05:00.000Z`); parse them before comparing. Park-local dates (`YYYY-MM-DD`) ' +
      "and hours are in the park's IANA time zone.",
    '**Keys are optional.** Without one you get the lowest limits; see [Authentication](#authentication).',
    '**Prefer streaming to polling:** one snapshot, then only changes.',
    '**From a browser:** every endpoint allows any origin (CORS). `fetch` may send the key in ' +
      '`Authorization: Bearer` or `X-Service-Key` (the preflight is answered). `EventSource` and the ' +
      'browser `WebSocket` cannot set headers, so the streams also take the key as `?key=`. A key in ' +
      'page code is public to anyone who opens the page: use a free key there, never a partner key. ' +
      'Every answer is `Cache-Control: public, max-age=<n>` with or without a key, and `Vary: ' +
      'Accept-Encoding, Authorization, X-Service-Key`, so a browser or shared cache keeps one ' +
      "caller's answer (and limits) apart from another's.",
    [
      `- WebSocket \`${streamUrl}\`: send \`{"type":"subscribe","parks":["<park>"]}\` (at most 10 parks, ` +
        'or `"*"` for all). You receive `subscribed`, one `snapshot` per park, then `changes` and `park` ' +
        'messages; the server sends `ping` every 25 seconds.',
      ...(sse === ''
        ? []
        : [`- Server-Sent Events, one park per stream: ${sse}. Same messages, one \`data:\` line each.`]),
    ].join('\n'),
  ].join('\n\n');
}

export const authenticationIntro =
  'A key raises your limits; every data endpoint also works without one. Send it in any one of these ways:';

const TIER_NAMES = { keyless: 'No key (per IP address)', free: 'Free key', partner: 'Partner key' } as const;

/** The limits of each access tier, as a list (the index and the spec's Limits table say the same). */
const limitsList = Object.values(TIER_LIMITS)
  .map(
    (limits) =>
      `- ${TIER_NAMES[limits.tier]}: ${limits.per_minute.toLocaleString('en-US')} requests a minute, ` +
      `${limits.per_day.toLocaleString('en-US')} a UTC day, ${limits.concurrent_streams} concurrent streams.`,
  )
  .join('\n');

export const authenticationOutro = [
  'A malformed, unknown or revoked key is rejected with `401 invalid_key`, never treated as no key: ' +
    'drop the key to fall back to the keyless limits.',
  '**Limits.** Every data response carries `X-RateLimit-Limit`, `X-RateLimit-Remaining` and ' +
    '`X-RateLimit-Reset` for the tighter of the two windows; past a limit the answer is `429 rate_limited` ' +
    'with `Retry-After`. A stream counts once against the minute when it connects.',
  limitsList,
].join('\n\n');

export const errorsIntro =
  'An error answers with the usual envelope plus an `error` object: a stable `code` to branch on, a ' +
  '`message` saying what went wrong and how to fix it, and `docs_url` pointing here.';
