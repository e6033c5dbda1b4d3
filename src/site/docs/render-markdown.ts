import { escapeMarkdownCell, markdownCode, markdownCodeBlock } from './escape.js';
import { sectionAnchors } from './operations.js';
import { accessSentence, fieldDescription, parameterRules, showsBodyType, yesNo } from './phrases.js';
import type { FieldRow } from './schema-fields.js';
import type { BodyDoc, DocsPage, GroupDoc, OperationDoc, ParameterDoc, ResponseDoc } from './types.js';

/**
 * The page as GitHub-flavoured Markdown. Explicit `<a id>` anchors give the same fragment ids as
 * the HTML page, so `#errors` and operation links work in both.
 */
export function renderMarkdownPage(page: DocsPage): string {
  const blocks = [
    ...header(page),
    ...tableOfContents(page),
    anchored(sectionAnchors.overview, '## Overview'),
    page.overview,
    ...authentication(page),
    ...page.groups.flatMap(group),
    ...errors(page),
    footer(page),
  ];
  return `${blocks.filter((block) => block !== '').join('\n\n')}\n`;
}

function header(page: DocsPage): string[] {
  const { options } = page;
  return [
    `# ${page.title}`,
    page.summary,
    `Version ${markdownCode(page.version)} · OpenAPI ${markdownCode(page.openapiVersion)}`,
    page.description,
    options.dataSources ?? '',
    ...(options.credits ?? []).map((credit) => link(credit.text, credit.url)),
    [
      `- Base URL: ${markdownCode(options.baseUrl)}`,
      `- OpenAPI document: ${link(options.openapiUrl, options.openapiUrl)}`,
      `- WebSocket stream: ${markdownCode(options.streamUrl)}`,
      `- As HTML: ${link(options.htmlUrl, options.htmlUrl)}`,
      ...(options.streamingGuideUrl === undefined
        ? []
        : [`- Streaming guide: ${link(options.streamingGuideUrl, options.streamingGuideUrl)}`]),
      ...(options.referenceUrl === undefined
        ? []
        : [`- Interactive reference: ${link(options.referenceUrl, options.referenceUrl)}`]),
    ].join('\n'),
  ];
}

function tableOfContents(page: DocsPage): string[] {
  const lines = [
    `- ${link('Overview', `#${sectionAnchors.overview}`)}`,
    `- ${link('Authentication', `#${sectionAnchors.authentication}`)}`,
    ...page.groups.flatMap((entry) => [
      `- ${link(entry.tag, `#${entry.anchor}`)}`,
      ...entry.operations.map(
        (operation) => `  - ${link(operationLabel(operation), `#${operation.anchor}`)}`,
      ),
    ]),
    `- ${link('Errors', `#${sectionAnchors.errors}`)}`,
  ];
  return [anchored(sectionAnchors.contents, '## Contents'), lines.join('\n')];
}

function operationLabel(operation: OperationDoc): string {
  const code = markdownCode(`${operation.method} ${operation.path}`);
  return operation.summary === '' ? code : `${code} — ${operation.summary}`;
}

function authentication(page: DocsPage): string[] {
  const { intro, schemes, outro } = page.authentication;
  const heading = anchored(sectionAnchors.authentication, '## Authentication');
  if (schemes.length === 0) return [heading, 'The document declares no security schemes: no key is read.'];
  const rows = schemes.map((scheme) => {
    const only =
      scheme.onlyFor.length === 0
        ? ''
        : ` Only for ${scheme.onlyFor.map((entry) => link(markdownCode(entry.label), `#${entry.anchor}`)).join(', ')}.`;
    return [markdownCode(scheme.sendAs), `${scheme.kind} (${scheme.id})`, `${scheme.description}${only}`];
  });
  return [heading, intro, table(['Send', 'Scheme', 'Notes'], rows), outro];
}

function group(entry: GroupDoc): string[] {
  return [
    anchored(entry.anchor, `## ${entry.tag}`),
    entry.description,
    ...entry.operations.flatMap(operation),
  ];
}

function operation(entry: OperationDoc): string[] {
  return [
    anchored(entry.anchor, `### ${markdownCode(`${entry.method} ${entry.path}`)}`),
    entry.summary === '' ? '' : `**${entry.summary}**`,
    entry.deprecated ? '**Deprecated.**' : '',
    entry.description,
    accessSentence(entry.access),
    markdownCodeBlock(entry.curl, 'sh'),
    '#### Parameters',
    parameters(entry.parameters),
    '#### Responses',
    responses(entry.responses),
    ...(entry.body === undefined ? [] : body(entry.body)),
  ];
}

function parameters(list: ParameterDoc[]): string {
  if (list.length === 0) return 'None.';
  return table(
    ['Name', 'In', 'Required', 'Type', 'Rules', 'Description'],
    list.map((parameter) => [
      markdownCode(parameter.name),
      parameter.in,
      yesNo(parameter.required),
      markdownCode(parameter.type),
      parameterRules(parameter),
      `${parameter.deprecated ? '**Deprecated.** ' : ''}${parameter.description}`,
    ]),
  );
}

function responses(list: ResponseDoc[]): string {
  if (list.length === 0) return 'Not documented.';
  const withHeaders = list.some((response) => response.headers.length > 0);
  return table(
    withHeaders ? ['Status', 'Description', 'Headers'] : ['Status', 'Description'],
    list.map((response) => [
      markdownCode(response.status),
      response.description,
      ...(withHeaders ? [response.headers.map(markdownCode).join(', ')] : []),
    ]),
  );
}

function body(entry: BodyDoc): string[] {
  return [
    `#### Response body (${entry.status}, ${markdownCode(entry.contentType)})`,
    showsBodyType(entry) ? `Type: ${markdownCode(entry.type)}` : '',
    entry.fields.length === 0 ? '' : fieldTable(entry.fields),
    entry.envelopeOmitted ? `Plus the ${link('envelope fields', `#${sectionAnchors.overview}`)}.` : '',
  ];
}

function fieldTable(fields: FieldRow[]): string {
  return table(
    ['Field', 'Type', 'Required', 'Description'],
    fields.map((row) => [
      markdownCode(row.path),
      markdownCode(row.type),
      yesNo(row.required),
      fieldDescription(row),
    ]),
  );
}

function errors(page: DocsPage): string[] {
  const { codes, fields } = page.errors;
  return [
    anchored(sectionAnchors.errors, '## Errors'),
    page.errorsIntro,
    codes.length === 0
      ? 'The document lists no error codes.'
      : table(
          ['Code', 'HTTP status', 'Meaning'],
          codes.map((row) => [markdownCode(row.code), row.status ?? '—', row.meaning]),
        ),
    ...(fields.length === 0 ? [] : ['#### Error object', fieldTable(fields)]),
  ];
}

function footer(page: DocsPage): string {
  const { options } = page;
  const deployment = options.generatedFor === undefined ? '' : ` for ${options.generatedFor}`;
  return `---\n\nGenerated${deployment} from the ${link('OpenAPI document', options.openapiUrl)}, version ${page.version}. ${link(options.siteUrl, options.siteUrl)}`;
}

/** An explicit id, because GitHub's generated heading ids differ from the HTML page's. */
function anchored(id: string, heading: string): string {
  return `<a id="${id}"></a>\n\n${heading}`;
}

// Angle brackets let a destination hold spaces or parentheses without ending the link.
function link(text: string, url: string): string {
  return `[${text}](<${url.replaceAll('<', '%3C').replaceAll('>', '%3E')}>)`;
}

function table(headings: string[], rows: string[][]): string {
  const line = (cells: string[]): string => `| ${cells.map(escapeMarkdownCell).join(' | ')} |`;
  return [line(headings), `|${headings.map(() => '---').join('|')}|`, ...rows.map(line)].join('\n');
}
