/**
 * The streaming guide (`/docs/streaming`): working browser examples for the SSE and WebSocket
 * streams, the attribution rule, the limits and the error codes, from the same tables the server
 * enforces (tiers, error codes), so the guide cannot drift from the behaviour.
 */
import type { ApiContext } from '../../api/context.js';
import { TIER_LIMITS } from '../../api/access/tiers.js';
import { ERROR_CODES, ERROR_MEANING, ERROR_STATUS } from '../../api/errors.js';
import { renderPage } from '../pages/layout.js';
import { escapeHtml } from './escape.js';
import { sourceCredits } from '../../feeds/sources.js';

/** The browser EventSource example, for the API at `baseUrl`. */
export function eventSourceExample(baseUrl: string): string {
  return `// Live waits of one park over Server-Sent Events: a snapshot, then only changes.
const waits = new Map();
const source = new EventSource('${baseUrl}/v1/parks/magic-kingdom/waits/stream');
source.onmessage = (event) => {
  const message = JSON.parse(event.data);
  if (message.type === 'snapshot') {
    waits.clear();
    for (const entry of message.entries) waits.set(entry.ride_id, entry);
    if (message.data_status === 'unavailable') console.log('no live data:', message.unavailable_reason);
  } else if (message.type === 'changes') {
    for (const entry of message.changes) waits.set(entry.ride_id, entry);
    for (const rideId of message.removed) waits.delete(rideId);
  } else if (message.type === 'park') {
    console.log(message.park_key, 'is now', message.state);
  }
  // Show message.attribution.text linked to message.attribution.url wherever you show the data.
};
source.onerror = () => console.log('reconnecting (the browser retries by itself)');`;
}

/** The browser WebSocket example, for the API at `baseUrl`. */
export function webSocketExample(baseUrl: string): string {
  return `// Several parks over one WebSocket: subscribe after "ready", then snapshots and changes.
const socket = new WebSocket('${baseUrl.replace(/^http/, 'ws')}/v1/stream');
socket.onmessage = (event) => {
  const message = JSON.parse(event.data);
  switch (message.type) {
    case 'ready':
      socket.send(JSON.stringify({ type: 'subscribe', parks: ['magic-kingdom', 'disneyland'] }));
      break;
    case 'snapshot': // every entry of one park, as GET /v1/parks/{park}/waits answers
    case 'changes': // only the entries that changed
    case 'park': // a park opened or closed
      console.log(message.type, message.park_key, message);
      break;
    case 'error': // { code, message }: upstream_unavailable, too_many_streams, invalid_request…
      console.warn(message.code, message.message);
      break;
  }
};
socket.onclose = (event) => console.log('closed', event.code, event.reason);
// Reconnect with a delay after a close, then subscribe again: subscriptions do not survive it.`;
}

function code(text: string, id: string): string {
  return `<pre class="code" id="${id}" tabindex="0"><code>${escapeHtml(text)}</code></pre>`;
}

export function renderStreamingGuide(context: ApiContext): string {
  const base = context.config.baseUrl;
  const tiers = Object.values(TIER_LIMITS).map(
    (tier) =>
      `<tr><td>${tier.tier === 'keyless' ? 'No key' : tier.tier === 'free' ? 'Free key' : 'Partner key'}</td><td class="num">${tier.per_minute}</td><td class="num">${tier.per_day.toLocaleString('en-US')}</td><td class="num">${tier.concurrent_streams}</td><td>${tier.counted_per === 'ip' ? 'per client address' : 'per key'}</td></tr>`,
  );
  const errors = ERROR_CODES.map(
    (code) =>
      `<tr><td><code>${code}</code></td><td class="num">${ERROR_STATUS[code]}</td><td>${escapeHtml(ERROR_MEANING[code])}</td></tr>`,
  );
  const main = `<p class="crumbs"><a href="/docs">Developers</a> › Streaming</p>
<h1>Streaming guide</h1>
<p class="lead">Live waits arrive as one snapshot, then only what changed: over Server-Sent Events for one park, or over a WebSocket for several. Both carry the same messages, and both work from a web page on any origin.</p>
<h2 id="sse">One park: Server-Sent Events</h2>
<p><code>GET ${escapeHtml(context.links.sseTemplate)}</code> starts with <code>retry: 5000</code>, a <code>subscribed</code> message and the park's <code>snapshot</code>, then sends <code>changes</code> and <code>park</code> messages as they happen. Every event is one <code>data:</code> line of JSON with a <code>type</code>; there are no event names, so <code>onmessage</code> receives everything. The browser reconnects by itself and the server starts again with a snapshot.</p>
${code(eventSourceExample(base), 'example-sse')}
<h2 id="websocket">Several parks: WebSocket</h2>
<p>Connect to <code>${escapeHtml(context.links.stream)}</code>, wait for <code>ready</code>, then send <code>{"type":"subscribe","parks":[…]}</code> with 1 to 10 park keys, IDs or aliases (or <code>["*"]</code>). Send <code>{"type":"unsubscribe","parks":[…]}</code> to stop and <code>{"type":"ping"}</code> to check the connection (answered by <code>pong</code>). A connection with no subscription is closed after 2 minutes. The messages are described in <a href="${escapeHtml(context.links.asyncapi)}">the AsyncAPI document</a>.</p>
${code(webSocketExample(base), 'example-websocket')}
<h2 id="keys">Keys in the browser</h2>
<p>Browsers cannot set headers on <code>EventSource</code> or <code>WebSocket</code>, so the streams also take the key as <code>?key=pk_live_…</code>. A key written into a web page is public: anyone can copy it and spend its limits. Call the streams without a key from public pages, or from your own server with the key in <code>Authorization: Bearer …</code>. <a href="/signup">Get a free key</a>.</p>
<h2 id="attribution">Attribution</h2>
<p>Every message and response carries <code>attribution</code>: show <code>attribution.text</code> linked to <code>attribution.url</code> wherever you show the data (<code>required</code> is always true). For a park's messages the link is the park's page on this site.</p>
<h2 id="limits">Limits</h2>
<p>Opening a stream counts as one request. Open streams are limited at once per key (or per address without a key); past the limit the stream is refused with <code>too_many_streams</code>.</p>
<div class="scroll"><table><caption class="visually-hidden">Limits by access tier</caption><thead><tr><th scope="col">Access</th><th scope="col" class="num">Requests a minute</th><th scope="col" class="num">Requests a day (UTC)</th><th scope="col" class="num">Open streams</th><th scope="col">Counted</th></tr></thead><tbody>${tiers.join('')}</tbody></table></div>
<p>Every data response says where the caller stands in <code>X-RateLimit-Limit</code>, <code>X-RateLimit-Remaining</code> and <code>X-RateLimit-Reset</code>; a refusal carries <code>Retry-After</code>.</p>
<h2 id="errors">Error codes</h2>
<p>HTTP errors are JSON in the response envelope with <code>error.code</code> and <code>error.message</code>. On a stream they arrive as a message of type <code>error</code> with <code>code</code> and <code>message</code>; a WebSocket's close reason names the code. After <code>upstream_unavailable</code> the stream closes: reconnect with a delay, and the new snapshot says <code>data_status: unavailable</code> until the park's data is current again.</p>
<div class="scroll"><table><caption class="visually-hidden">Error codes</caption><thead><tr><th scope="col">Code</th><th scope="col" class="num">HTTP</th><th scope="col">Meaning</th></tr></thead><tbody>${errors.join('')}</tbody></table></div>`;
  return renderPage({
    title: 'Streaming guide · queuecast API',
    description:
      'Live theme-park waits in the browser with EventSource and WebSocket: examples, attribution, limits and error codes.',
    canonical: `${context.config.siteUrl}/docs/streaming`,
    attribution: context.envelopes.attribution(),
    credits: sourceCredits(context.config.feed),
    main,
  });
}
