/**
 * Developer documentation generated from the served OpenAPI document: one reference page in two
 * formats. Pure functions: the caller fetches the document and decides where the pages are served.
 *
 * @example
 * ```ts
 * const html = renderDocsHtml(app.swagger() as OpenAPIV3_1.Document, {
 *   siteUrl: 'https://queuecast.example',
 *   baseUrl: 'https://api.queuecast.example',
 *   htmlUrl: 'https://api.queuecast.example/docs',
 *   markdownUrl: 'https://api.queuecast.example/docs.md',
 *   openapiUrl: 'https://api.queuecast.example/v1/openapi.json',
 *   streamUrl: 'wss://api.queuecast.example/v1/stream',
 * });
 * ```
 */
import type { OpenAPIV3_1 } from 'openapi-types';
import { buildDocsPage } from './docs-page.js';
import { renderHtmlPage } from './render-html.js';
import { renderMarkdownPage } from './render-markdown.js';
import type { DocsOptions } from './types.js';

export type { DocsOptions } from './types.js';
export { errorDescriptionsExtension, errorStatusesExtension } from './error-codes.js';
export { escapeHtml } from './escape.js';

export function renderDocsMarkdown(doc: OpenAPIV3_1.Document, options: DocsOptions): string {
  return renderMarkdownPage(buildDocsPage(doc, options));
}

export function renderDocsHtml(doc: OpenAPIV3_1.Document, options: DocsOptions): string {
  return renderHtmlPage(buildDocsPage(doc, options));
}
