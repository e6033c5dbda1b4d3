/** Text from the OpenAPI document is data: it must never become markup. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * One GitHub-flavoured Markdown table cell: a raw `|` or line break would end the cell or the row.
 * GFM honours `\|` even inside code spans, so this is safe to apply after `markdownCode`.
 */
export function escapeMarkdownCell(text: string): string {
  return text
    .replace(/\s*\r?\n\s*/g, ' ')
    .replaceAll('|', '\\|')
    .trim();
}

/** A code span that survives backticks in its content (CommonMark: use a longer fence). */
export function markdownCode(text: string): string {
  const longestRun = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longestRun + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** A fenced code block whose fence is longer than any backtick run inside it. */
export function markdownCodeBlock(text: string, language = ''): string {
  const longestRun = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longestRun + 1));
  return `${fence}${language}\n${text}\n${fence}`;
}
