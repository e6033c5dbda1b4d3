/**
 * A page is a list of sections, each a small renderer over one service: its version (what its
 * inputs are now) and its HTML. A page's version joins its sections' versions, so a prepared page
 * is rebuilt exactly when one of them changes. Adding a section to a page (hours, showtimes,
 * conditions, the crowd calendar, best times) is one renderer added to the page's list.
 */
import type { ApiContext } from '../../http/context.js';
import type { Version } from '../../http/prepared/cache.js';
import { escapeHtml } from '../docs/escape.js';

export interface PageSection<I> {
  /** The section's anchor. */
  readonly id: string;
  readonly heading: string;
  /** Provider-derived data: a notice replaces it while PROVIDER_DATA=disabled. */
  readonly provider: boolean;
  /** Changes whenever what `render` shows may change (a live-state version, a computation time…). */
  version(input: I, context: ApiContext): Version;
  /** The section's content below its heading. */
  render(input: I, context: ApiContext): string | Promise<string>;
}

export function sectionsVersion<I>(
  sections: readonly PageSection<I>[],
  input: I,
  context: ApiContext,
): string {
  return sections.map((section) => section.version(input, context)).join('|');
}

/** Every section in order; one that fails says so in its place instead of failing the page. */
export async function renderSections<I>(
  sections: readonly PageSection<I>[],
  input: I,
  context: ApiContext,
): Promise<string> {
  const parts = await Promise.all(
    sections.map(async (section) => {
      const body = await renderContent(section, input, context);
      return `<section id="${section.id}" aria-labelledby="${section.id}-h">
<h2 id="${section.id}-h">${escapeHtml(section.heading)}</h2>
${body}
</section>`;
    }),
  );
  return parts.join('\n');
}

async function renderContent<I>(section: PageSection<I>, input: I, context: ApiContext): Promise<string> {
  if (section.provider && !context.access.providerDataEnabled) {
    return '<p class="note">This server does not publish operator-derived data.</p>';
  }
  try {
    return await section.render(input, context);
  } catch {
    // The upstream behind this section failed: the rest of the page still serves, and the next
    // version (the next refresh) tries again.
    return '<p class="note nodata">This section could not be loaded right now. Try again in a minute.</p>';
  }
}
