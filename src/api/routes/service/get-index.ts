import { Type, type Static } from 'typebox';
import { describeSources } from '../../../feeds/sources.js';
import { CATALOG_VERSION } from '../../../http/prepared/cache.js';
import { defineEndpoint } from '../../../http/endpoint.js';
import { Envelope } from '../../../http/schemas/common.js';

const IndexBody = Envelope(
  {
    name: Type.String({ description: 'Service name.' }),
    docs: Type.Object({ html: Type.String({ format: 'uri' }), markdown: Type.String({ format: 'uri' }) }),
    openapi_url: Type.String({ format: 'uri', description: 'Address of the description document.' }),
    stream_url: Type.String({ format: 'uri', description: 'WebSocket address.' }),
    sse_url_template: Type.String({ description: 'Server-Sent-Events address; contains `{park}`.' }),
    attribution_rule: Type.String({
      description:
        'How to attribute the data, and which source serves each data family (a family without a real source is named simulated).',
    }),
    endpoints: Type.Array(
      Type.Object(
        {
          path: Type.String({ description: "Method and path, such as 'GET /v1/parks'." }),
          description: Type.String(),
        },
        { title: 'IndexEndpoint' },
      ),
      { description: 'One line per endpoint.' },
    ),
  },
  'The service index: documentation, description document, streams, endpoints, limits and the attribution rule.',
  'Index',
);
export type IndexResponse = Static<typeof IndexBody>;

/** `GET /v1`. Reads the registry, so it lists exactly the endpoints that exist. */
export const getIndex = defineEndpoint({
  url: '/v1',
  operationId: 'getIndex',
  summary:
    'Service index: documentation links, description document, streams, every endpoint, limits and the attribution rule.',
  description:
    'Where everything is: the documentation (HTML and Markdown, which also give the limits of each access tier), this OpenAPI document, the stream addresses, one line per endpoint (the AsyncAPI document of the WebSocket stream among them) and the attribution rule, with exactly the fields the spec shows. Needs no key and is not rate limited.',
  tag: 'Service',
  body: IndexBody,
  errors: [],
  rateLimited: false,
  maxAge: 300,
  examples: ['/v1'],
  resolve: () => ({ key: 'index', version: CATALOG_VERSION, input: undefined }),
  build: (_input, { links, envelopes, registry, config }) =>
    envelopes.wrap({
      name: 'queuecast',
      docs: { html: links.docsHtml, markdown: links.docsMarkdown },
      openapi_url: links.openapi,
      stream_url: links.stream,
      sse_url_template: links.sseTemplate,
      attribution_rule: `Wherever the data is shown, display attribution.text ("${envelopes.attribution().text}") with a visible link to attribution.url; until the first response arrives, link to ${links.siteRoot}. ${describeSources(config.feed, config.weather)}`,
      endpoints: [...registry.endpoints],
    }),
});
