/**
 * `/docs/reference`: the interactive OpenAPI reference (Swagger UI, ADR 0010) beside the fast,
 * server-rendered `/docs`. Without JavaScript it points to `/docs`, which holds the same reference.
 */
import type { ApiContext } from '../../http/context.js';
import { renderPage } from '../pages/layout.js';
import { escapeHtml } from './escape.js';
import { sourceCredits } from '../../feeds/sources.js';

export function renderReferencePage(
  context: ApiContext,
  assets: { readonly scripts: readonly string[]; readonly styles: readonly string[] },
): string {
  return renderPage({
    title: 'Interactive API reference · queuecast',
    description: 'Every queuecast API operation, searchable, with try-it against this server.',
    canonical: `${context.config.siteUrl}/docs/reference`,
    attribution: context.envelopes.attribution(),
    credits: sourceCredits(context.config.feed),
    scripts: assets.scripts,
    styles: assets.styles,
    main: `<p class="crumbs"><a href="/docs">Developers</a> › Interactive reference</p>
<h1>Interactive API reference</h1>
<p class="lead">Filter operations by tag, read every schema, and try requests against this server. The same reference, server-rendered and quicker to load, is at <a href="/docs">/docs</a>.</p>
<noscript><p class="banner">This page needs JavaScript. <a href="/docs">Read the reference without it</a>.</p></noscript>
<div id="swagger-ui" data-spec="${escapeHtml('/v1/openapi.json')}"></div>`,
  });
}
