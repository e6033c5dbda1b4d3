/**
 * The HTML 404 of the site: what was not found, and links to what exists (every park, or the
 * park's attractions for an unknown ride), never the API's JSON envelope.
 */
import type { ApiContext } from '../../http/context.js';
import type { Park } from '../../catalog/types.js';
import { escapeHtml } from '../docs/escape.js';
import { renderPage } from './layout.js';

export function renderNotFound(context: ApiContext, what: string, park?: Park): string {
  const links = park
    ? `<h2>Attractions at ${escapeHtml(park.name)}</h2><ul>${[...park.attractions]
        .sort((a, b) => a.name.localeCompare(b.name))
        .map(
          (a) =>
            `<li><a href="/parks/${escapeHtml(park.key)}/rides/${escapeHtml(a.slug)}">${escapeHtml(a.name)}</a></li>`,
        )
        .join('')}</ul>`
    : `<h2>Parks</h2><ul>${context.catalog.parks
        .map((p) => `<li><a href="/parks/${escapeHtml(p.key)}">${escapeHtml(p.name)}</a></li>`)
        .join('')}</ul>`;
  return renderPage({
    title: 'Not found · queuecast',
    description: 'This page does not exist.',
    canonical: context.links.siteRoot,
    attribution: context.envelopes.attribution(park ? context.links.parkPage(park) : context.links.siteRoot),
    main: `<h1>Not found</h1>
<p class="lead">${escapeHtml(what)}</p>
<p><a href="/">All parks</a> · <a href="/docs">API documentation</a></p>
${links}`,
  });
}
