import { escapeHtml } from './escape.js';
import { renderInlineHtml, renderProseHtml } from './html-prose.js';
import { sectionAnchors } from './operations.js';
import { accessSentence, fieldDescription, parameterRules, showsBodyType, yesNo } from './phrases.js';
import type { FieldRow } from './schema-fields.js';
import { stylesheet } from './stylesheet.js';
import type { BodyDoc, DocsPage, GroupDoc, OperationDoc, ParameterDoc, ResponseDoc } from './types.js';

/** The page as one self-contained HTML5 document: inline styles, no scripts, every text escaped. */
export function renderHtmlPage(page: DocsPage): string {
  const { options } = page;
  const title = `${page.title} — API reference`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
${page.summary === '' ? '' : `<meta name="description" content="${escapeHtml(page.summary)}">\n`}<link rel="canonical" href="${escapeHtml(options.htmlUrl)}">
<link rel="alternate" type="text/markdown" href="${escapeHtml(options.markdownUrl)}">
<style>${stylesheet}</style>
</head>
<body>
${header(page)}
${tableOfContents(page)}
<main>
${section(sectionAnchors.overview, 'Overview', renderProseHtml(page.overview))}
${authentication(page)}
${page.groups.map(group).join('\n')}
${errors(page)}
</main>
${footer(page)}
</body>
</html>
`;
}

function header(page: DocsPage): string {
  const { options } = page;
  const link = (url: string): string => `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
  return lines(
    '<header>',
    `<h1>${escapeHtml(page.title)}</h1>`,
    `<p class="meta">Version ${escapeHtml(page.version)} · OpenAPI ${escapeHtml(page.openapiVersion)}</p>`,
    page.summary === '' ? '' : `<p>${renderInlineHtml(page.summary)}</p>`,
    renderProseHtml(page.description),
    options.dataSources === undefined ? '' : `<p class="sources">${escapeHtml(options.dataSources)}</p>`,
    ...(options.credits ?? []).map(
      (credit) => `<p class="credit"><a href="${escapeHtml(credit.url)}">${escapeHtml(credit.text)}</a></p>`,
    ),
    '<dl class="links">',
    `<dt>Base URL</dt><dd><code>${escapeHtml(options.baseUrl)}</code></dd>`,
    `<dt>OpenAPI document</dt><dd>${link(options.openapiUrl)}</dd>`,
    `<dt>WebSocket stream</dt><dd><code>${escapeHtml(options.streamUrl)}</code></dd>`,
    `<dt>As Markdown</dt><dd>${link(options.markdownUrl)}</dd>`,
    options.streamingGuideUrl === undefined
      ? ''
      : `<dt>Streaming guide</dt><dd>${link(options.streamingGuideUrl)}</dd>`,
    options.referenceUrl === undefined
      ? ''
      : `<dt>Interactive reference</dt><dd>${link(options.referenceUrl)}</dd>`,
    '</dl>',
    '</header>',
  );
}

function tableOfContents(page: DocsPage): string {
  const item = (anchor: string, label: string, inner = ''): string =>
    `<li><a href="#${escapeHtml(anchor)}">${label}</a>${inner}</li>`;
  const groups = page.groups.map((entry) =>
    item(
      entry.anchor,
      escapeHtml(entry.tag),
      `<ol>${entry.operations.map((operation) => item(operation.anchor, operationLabel(operation))).join('')}</ol>`,
    ),
  );
  return `<nav aria-labelledby="${sectionAnchors.contents}">
<h2 id="${sectionAnchors.contents}">Contents</h2>
<ol>
${[
  item(sectionAnchors.overview, 'Overview'),
  item(sectionAnchors.authentication, 'Authentication'),
  ...groups,
  item(sectionAnchors.errors, 'Errors'),
].join('\n')}
</ol>
</nav>`;
}

function operationLabel(operation: OperationDoc): string {
  const summary = operation.summary === '' ? '' : ` — ${escapeHtml(operation.summary)}`;
  return `<code>${escapeHtml(`${operation.method} ${operation.path}`)}</code>${summary}`;
}

function section(id: string, heading: string, body: string): string {
  return `<section id="${escapeHtml(id)}">
<h2>${escapeHtml(heading)}</h2>
${body}
</section>`;
}

function authentication(page: DocsPage): string {
  const { intro, schemes, outro } = page.authentication;
  const rows = schemes.map((scheme) => {
    const only =
      scheme.onlyFor.length === 0
        ? ''
        : ` Only for ${scheme.onlyFor
            .map((link) => `<a href="#${escapeHtml(link.anchor)}"><code>${escapeHtml(link.label)}</code></a>`)
            .join(', ')}.`;
    return [
      `<code>${escapeHtml(scheme.sendAs)}</code>`,
      `${escapeHtml(scheme.kind)} <span class="muted">(${escapeHtml(scheme.id)})</span>`,
      `${renderInlineHtml(scheme.description)}${only}`,
    ];
  });
  const body =
    schemes.length === 0
      ? '<p>The document declares no security schemes: no key is read.</p>'
      : `${renderProseHtml(intro)}\n${table(['Send', 'Scheme', 'Notes'], rows)}\n${renderProseHtml(outro)}`;
  return section(sectionAnchors.authentication, 'Authentication', body);
}

function group(entry: GroupDoc): string {
  return lines(
    `<section id="${escapeHtml(entry.anchor)}">`,
    `<h2>${escapeHtml(entry.tag)}</h2>`,
    renderProseHtml(entry.description),
    ...entry.operations.map(operation),
    '</section>',
  );
}

function operation(entry: OperationDoc): string {
  const access = accessSentence(entry.access);
  return lines(
    `<article class="operation" id="${escapeHtml(entry.anchor)}">`,
    `<h3><span class="method">${escapeHtml(entry.method)}</span><code>${escapeHtml(entry.path)}</code></h3>`,
    entry.summary === '' ? '' : `<p class="summary">${renderInlineHtml(entry.summary)}</p>`,
    entry.deprecated ? '<p class="deprecated">Deprecated.</p>' : '',
    renderProseHtml(entry.description),
    access === '' ? '' : `<p>${renderInlineHtml(access)}</p>`,
    `<pre><code>${escapeHtml(entry.curl)}</code></pre>`,
    '<h4>Parameters</h4>',
    parameters(entry.parameters),
    '<h4>Responses</h4>',
    responses(entry.responses),
    entry.body === undefined ? '' : body(entry.body),
    '</article>',
  );
}

function parameters(list: ParameterDoc[]): string {
  if (list.length === 0) return '<p class="muted">None.</p>';
  return table(
    ['Name', 'In', 'Required', 'Type', 'Rules', 'Description'],
    list.map((parameter) => [
      `<code>${escapeHtml(parameter.name)}</code>`,
      escapeHtml(parameter.in),
      yesNo(parameter.required),
      `<code>${escapeHtml(parameter.type)}</code>`,
      renderInlineHtml(parameterRules(parameter)),
      `${parameter.deprecated ? '<span class="deprecated">Deprecated.</span> ' : ''}${renderInlineHtml(parameter.description)}`,
    ]),
  );
}

function responses(list: ResponseDoc[]): string {
  if (list.length === 0) return '<p class="muted">Not documented.</p>';
  const withHeaders = list.some((response) => response.headers.length > 0);
  return table(
    withHeaders ? ['Status', 'Description', 'Headers'] : ['Status', 'Description'],
    list.map((response) => [
      `<code>${escapeHtml(response.status)}</code>`,
      renderInlineHtml(response.description),
      ...(withHeaders ? [response.headers.map((name) => `<code>${escapeHtml(name)}</code>`).join(', ')] : []),
    ]),
  );
}

function body(entry: BodyDoc): string {
  return lines(
    `<h4>Response body <span class="muted">(${escapeHtml(entry.status)}, <code>${escapeHtml(entry.contentType)}</code>)</span></h4>`,
    showsBodyType(entry) ? `<p>Type: <code>${escapeHtml(entry.type)}</code></p>` : '',
    entry.fields.length === 0 ? '' : fieldTable(entry.fields),
    entry.envelopeOmitted
      ? `<p class="muted">Plus the <a href="#${sectionAnchors.overview}">envelope fields</a>.</p>`
      : '',
  );
}

function fieldTable(fields: FieldRow[]): string {
  return table(
    ['Field', 'Type', 'Required', 'Description'],
    fields.map((row) => [
      fieldPath(row.path),
      `<code>${escapeHtml(row.type)}</code>`,
      yesNo(row.required),
      renderInlineHtml(fieldDescription(row)),
    ]),
  );
}

/** Dims the parent part so the field's own name stands out in long paths. */
function fieldPath(path: string): string {
  const split = path.lastIndexOf('.') + 1;
  const parent = path.slice(0, split);
  const name = path.slice(split);
  return `<code>${parent === '' ? '' : `<span class="parent">${escapeHtml(parent)}</span>`}${escapeHtml(name)}</code>`;
}

function errors(page: DocsPage): string {
  const { codes, fields } = page.errors;
  const intro = renderProseHtml(page.errorsIntro);
  const codeTable =
    codes.length === 0
      ? '<p class="muted">The document lists no error codes.</p>'
      : table(
          ['Code', 'HTTP status', 'Meaning'],
          codes.map((row) => [
            `<code>${escapeHtml(row.code)}</code>`,
            row.status === undefined ? '<span class="muted">—</span>' : escapeHtml(row.status),
            renderInlineHtml(row.meaning),
          ]),
        );
  const fieldPart = fields.length === 0 ? '' : `\n<h4>Error object</h4>\n${fieldTable(fields)}`;
  return section(sectionAnchors.errors, 'Errors', `${intro}\n${codeTable}${fieldPart}`);
}

function footer(page: DocsPage): string {
  const { options } = page;
  const deployment = options.generatedFor === undefined ? '' : ` for ${escapeHtml(options.generatedFor)}`;
  return `<footer>
<p>Generated${deployment} from the <a href="${escapeHtml(options.openapiUrl)}">OpenAPI document</a>, version ${escapeHtml(page.version)}. <a href="${escapeHtml(options.siteUrl)}">${escapeHtml(options.siteUrl)}</a></p>
</footer>`;
}

function lines(...parts: string[]): string {
  return parts.filter((part) => part !== '').join('\n');
}

/** Cells arrive as HTML already escaped by the caller; headings are fixed text. */
function table(headings: string[], rows: string[][]): string {
  const head = headings.map((heading) => `<th scope="col">${heading}</th>`).join('');
  const bodyRows = rows.map((row) => `<tr>${row.map((cell) => `<td>${cell}</td>`).join('')}</tr>`).join('\n');
  return `<div class="table-wrap"><table>
<thead><tr>${head}</tr></thead>
<tbody>
${bodyRows}
</tbody>
</table></div>`;
}
