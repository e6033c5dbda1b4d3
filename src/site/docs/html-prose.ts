import { escapeHtml } from './escape.js';

/*
 * Descriptions in an OpenAPI document are CommonMark, and the page's own prose uses the same
 * notation. A full Markdown engine is not needed: this covers paragraphs, lists, fenced code,
 * headings, code spans, links and bold, and escapes everything else so no text becomes markup.
 */

export function renderProseHtml(text: string): string {
  const html: string[] = [];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | undefined;

  const flush = (): void => {
    if (paragraph.length > 0) html.push(`<p>${renderInlineHtml(paragraph.join(' '))}</p>`);
    paragraph = [];
    if (list !== undefined) {
      const tag = list.ordered ? 'ol' : 'ul';
      const items = list.items.map((item) => `<li>${renderInlineHtml(item)}</li>`).join('');
      html.push(`<${tag}>${items}</${tag}>`);
    }
    list = undefined;
  };

  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    const fence = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence !== undefined) {
      flush();
      const code: string[] = [];
      for (
        index += 1;
        index < lines.length && !(lines[index] ?? '').trimStart().startsWith(fence);
        index += 1
      ) {
        code.push(lines[index] ?? '');
      }
      html.push(`<pre><code>${escapeHtml(code.join('\n'))}</code></pre>`);
      continue;
    }
    const heading = /^#{1,6}\s+(.*)$/.exec(line)?.[1];
    const bullet = /^\s*[-*+]\s+(.*)$/.exec(line)?.[1];
    const numbered = /^\s*\d+[.)]\s+(.*)$/.exec(line)?.[1];
    if (line.trim() === '') {
      flush();
    } else if (heading !== undefined) {
      flush();
      html.push(`<h4>${renderInlineHtml(heading)}</h4>`);
    } else if (bullet !== undefined || numbered !== undefined) {
      const ordered = bullet === undefined;
      if (paragraph.length > 0 || (list !== undefined && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push(bullet ?? numbered ?? '');
    } else if (list !== undefined && /^\s+/.test(line)) {
      // An indented line continues the list item above it.
      list.items.push(`${list.items.pop() ?? ''} ${line.trim()}`);
    } else {
      if (list !== undefined) flush();
      paragraph.push(line.trim());
    }
  }
  flush();
  return html.join('\n');
}

/**
 * One line of prose. A left-to-right scan rather than regex passes, so a code span's content is
 * never read as a link and a link label may itself hold a code span.
 */
export function renderInlineHtml(text: string): string {
  let html = '';
  let plain = '';
  const flushPlain = (): void => {
    html += escapeHtml(plain).replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
    plain = '';
  };
  let index = 0;
  while (index < text.length) {
    const rest = text.slice(index);
    if (rest.startsWith('`')) {
      const fence = /^`+/.exec(rest)?.[0] ?? '`';
      const close = findClosingFence(text, fence, index + fence.length);
      if (close === -1) {
        plain += fence;
        index += fence.length;
      } else {
        flushPlain();
        html += `<code>${escapeHtml(trimCodeSpan(text.slice(index + fence.length, close)))}</code>`;
        index = close + fence.length;
      }
      continue;
    }
    const link = rest.startsWith('[') ? /^\[([^\]]*)\]\((?:<([^>]*)>|([^)\s]+))\)/.exec(rest) : null;
    const href = link?.[2] ?? link?.[3];
    if (link !== null && href !== undefined && isSafeHref(href)) {
      flushPlain();
      html += `<a href="${escapeHtml(href)}">${renderInlineHtml(link[1] ?? '')}</a>`;
      index += link[0].length;
      continue;
    }
    plain += rest.charAt(0);
    index += 1;
  }
  flushPlain();
  return html;
}

function findClosingFence(text: string, fence: string, from: number): number {
  const runs = /`+/g;
  runs.lastIndex = from;
  for (let run = runs.exec(text); run !== null; run = runs.exec(text)) {
    if (run[0].length === fence.length) return run.index;
  }
  return -1;
}

// CommonMark strips one space each side so a code span can start or end with a backtick.
function trimCodeSpan(code: string): string {
  return code.length > 2 && code.startsWith(' ') && code.endsWith(' ') && code.trim() !== ''
    ? code.slice(1, -1)
    : code;
}

// Document text must not smuggle in `javascript:` or other schemes through a link.
function isSafeHref(href: string): boolean {
  return /^(https?:\/\/|mailto:|#|\/(?!\/))/i.test(href);
}
