/**
 * The shell every page shares: head, site navigation, and the footer with the attribution link
 * (SPEC: clients show `attribution.text` linked to `attribution.url`; the site does so itself).
 */
import type { Attribution } from '../../http/envelope.js';
import type { SourceCredit } from '../../feeds/sources.js';
import { SITE_CSS } from '../assets/site-css.js';
import { escapeHtml } from '../docs/escape.js';

export interface PageShell {
  readonly title: string;
  /** One sentence for search results and link previews. */
  readonly description: string;
  /** The page's public address (SITE_URL). */
  readonly canonical: string;
  readonly attribution: Attribution;
  /** Credits the data's upstream requires beside its data (Queue-Times'), shown in the footer. */
  readonly credits?: readonly SourceCredit[];
  /** The page's main content, already HTML. */
  readonly main: string;
  /** Script addresses, loaded with `defer` (pages work without them). */
  readonly scripts?: readonly string[];
  /** Stylesheet addresses besides the inlined site stylesheet (uPlot's). */
  readonly styles?: readonly string[];
}

export function renderPage(shell: PageShell): string {
  const styles = (shell.styles ?? []).map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`);
  const scripts = (shell.scripts ?? []).map((src) => `<script defer src="${escapeHtml(src)}"></script>`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(shell.title)}</title>
<meta name="description" content="${escapeHtml(shell.description)}">
<link rel="canonical" href="${escapeHtml(shell.canonical)}">
<link rel="icon" href="data:,">
<style>${SITE_CSS}</style>
${[...styles, ...scripts].join('\n')}
</head>
<body>
<header class="site"><div class="wrap">
<a class="brand" href="/">queuecast</a>
<nav aria-label="Site"><a href="/">Parks</a><a href="/docs">Developers</a><a href="/docs/reference">API reference</a><a href="/docs/streaming">Streaming guide</a><a href="/signup">Free API key</a></nav>
</div></header>
<main class="wrap" id="main">
${shell.main}
</main>
<footer class="site"><div class="wrap">
${attributionLine(shell.attribution)}
${(shell.credits ?? []).map(creditLine).join('\n')}
<p>Unofficial. Not affiliated with any park operator. <a href="/docs">API documentation</a>.</p>
</div></footer>
</body>
</html>
`;
}

/** An upstream's credit as it asks for it: its words, linked to its site. */
export function creditLine(credit: SourceCredit): string {
  return `<p class="attribution credit"><a href="${escapeHtml(credit.url)}">${escapeHtml(credit.text)}</a></p>`;
}

/** The attribution as the API asks every client to show it: its text, linked to its address. */
export function attributionLine(attribution: Attribution): string {
  return `<p class="attribution"><a href="${escapeHtml(attribution.url)}">${escapeHtml(attribution.text)}</a></p>`;
}
