import { Type } from 'typebox';
import { TIER_LIMITS } from '../../access/tiers.js';
import type { ApiContext } from '../../context.js';
import { endpoint } from '../../endpoint.js';
import { Envelope } from '../../schemas/common.js';
import type { ApiServer, ListedEndpoint } from '../../server.js';

const IndexBody = Envelope(
  {
    name: Type.String({ description: 'Service name.' }),
    docs: Type.Object({ html: Type.String({ format: 'uri' }), markdown: Type.String({ format: 'uri' }) }),
    openapi_url: Type.String({ format: 'uri', description: 'Address of the description document.' }),
    stream_url: Type.String({ format: 'uri', description: 'WebSocket address.' }),
    sse_url_template: Type.String({ description: 'Server-Sent-Events address; contains `{park}`.' }),
    attribution_rule: Type.String(),
    endpoints: Type.Array(
      Type.Object({
        path: Type.String({ description: "Method and path, such as 'GET /v1/parks'." }),
        description: Type.String(),
      }),
      { description: 'One line per endpoint.' },
    ),
    limits: Type.Array(
      Type.Object({
        tier: Type.Union([Type.Literal('keyless'), Type.Literal('free'), Type.Literal('partner')]),
        per_minute: Type.Integer(),
        per_day: Type.Integer({ description: 'Per UTC day.' }),
        concurrent_streams: Type.Integer(),
        counted_per: Type.Union([Type.Literal('ip'), Type.Literal('key')]),
      }),
      { description: 'Request limits per access tier.' },
    ),
  },
  'The service index: documentation, description document, streams, endpoints, limits and the attribution rule.',
);

/** Row 1: `GET /v1`. Reads the registered routes, so it lists exactly the endpoints that exist. */
export function registerGetIndex(
  app: ApiServer,
  context: ApiContext,
  listed: readonly ListedEndpoint[],
): void {
  const { links, envelopes } = context;
  app.get(
    '/v1',
    {
      ...endpoint({
        operationId: 'getIndex',
        summary:
          'Service index: documentation links, description document, streams, every endpoint, limits and the attribution rule.',
        tag: 'Service',
        body: IndexBody,
        errors: [],
        rateLimited: false,
        maxAge: 300,
      }),
    },
    async () =>
      envelopes.wrap({
        name: 'queuecast',
        docs: { html: links.docsHtml, markdown: links.docsMarkdown },
        openapi_url: links.openapi,
        stream_url: links.stream,
        sse_url_template: links.sseTemplate,
        attribution_rule: `Wherever the data is shown, display attribution.text ("${envelopes.attribution().text}") with a visible link to attribution.url; until the first response arrives, link to ${links.siteRoot}.`,
        endpoints: [...listed],
        limits: Object.values(TIER_LIMITS),
      }),
  );
}
