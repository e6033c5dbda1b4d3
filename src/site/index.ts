/**
 * The website's pages served by this process: the developer documentation, rendered once from the
 * OpenAPI document the API serves, so the reference can never disagree with the routes.
 */
import type { OpenAPIV3_1 } from 'openapi-types';
import type { ApiContext } from '../api/context.js';
import type { ApiServer } from '../api/server.js';
import { renderDocsHtml, renderDocsMarkdown, type DocsOptions } from './docs/index.js';

const DOCS_MAX_AGE = 300;

export function registerSite(server: ApiServer, context: ApiContext): void {
  const { links, config } = context;
  const options: DocsOptions = {
    siteUrl: config.siteUrl,
    baseUrl: config.baseUrl,
    markdownUrl: links.docsMarkdown,
    htmlUrl: links.docsHtml,
    openapiUrl: links.openapi,
    streamUrl: links.stream,
  };
  // The document is complete only once every route is registered, so render on first request.
  let html: string | undefined;
  let markdown: string | undefined;
  // openapi-types' 3.1 types reject `{ type: 'null' }`, which the generated document validly contains.
  const document = () => server.swagger() as unknown as OpenAPIV3_1.Document;

  server.get(
    '/docs',
    { schema: { hide: true }, config: { maxAge: DOCS_MAX_AGE } },
    async (_request, reply) => {
      html ??= renderDocsHtml(document(), options);
      return reply.type('text/html; charset=utf-8').send(html);
    },
  );
  server.get(
    '/docs.md',
    { schema: { hide: true }, config: { maxAge: DOCS_MAX_AGE } },
    async (_request, reply) => {
      markdown ??= renderDocsMarkdown(document(), options);
      return reply.type('text/markdown; charset=utf-8').send(markdown);
    },
  );
}
