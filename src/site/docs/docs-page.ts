import type { OpenAPIV3_1 } from 'openapi-types';
import { curlExample, parameterExample, webSocketExample } from './curl-example.js';
import { collectErrorCatalog } from './error-codes.js';
import { collectOperationGroups, resolveResponse, type CollectedOperation } from './operations.js';
import {
  authenticationIntro,
  authenticationOutro,
  envelopeFieldNames,
  errorsIntro,
  overviewProse,
} from './page-prose.js';
import { flattenSchemaFields, uniqueConstraints } from './schema-fields.js';
import { accessRule, collectAuthSchemes, type AuthScheme } from './security.js';
import {
  constraintsOf,
  createRefResolver,
  describeSchema,
  formatValue,
  type RefResolver,
} from './schema-view.js';
import type {
  AuthSchemeDoc,
  BodyDoc,
  DocsOptions,
  DocsPage,
  OperationDoc,
  OperationLink,
  ParameterDoc,
  ResponseDoc,
} from './types.js';

const eventStreamType = 'text/event-stream';

/**
 * The document with the operation of its `x-websocket` extension under `paths`: the WebSocket is
 * kept out of `paths` so generated HTTP clients do not offer it, but the page documents it with the
 * other operations.
 */
function withWebSocket(doc: OpenAPIV3_1.Document): OpenAPIV3_1.Document {
  const websocket = (
    doc as { 'x-websocket'?: { path?: string; operation?: OpenAPIV3_1.PathItemObject['get'] } }
  )['x-websocket'];
  if (websocket?.path === undefined || websocket.operation === undefined) return doc;
  return { ...doc, paths: { ...doc.paths, [websocket.path]: { get: websocket.operation } } };
}

/** Reads the document once into what the page shows, so both formats say exactly the same. */
export function buildDocsPage(document: OpenAPIV3_1.Document, options: DocsOptions): DocsPage {
  const doc = withWebSocket(document);
  const resolve = createRefResolver(doc);
  const schemes = collectAuthSchemes(doc, resolve);
  const collected = collectOperationGroups(doc, resolve);
  const allOperations = collected.flatMap((group) => group.operations);

  const groups = collected.map((group) => ({
    tag: group.tag,
    anchor: group.anchor,
    description: group.description,
    operations: group.operations.map((entry) => operationDoc(entry, doc, schemes, options, resolve)),
  }));
  const eventStreams = allOperations.filter((entry) => isEventStream(entry, resolve)).map(operationLink);

  return {
    title: doc.info.title,
    version: doc.info.version,
    openapiVersion: doc.openapi,
    summary: doc.info.summary ?? '',
    description: doc.info.description ?? '',
    options,
    overview: overviewProse(options.siteUrl, options.streamUrl, eventStreams),
    authentication: {
      intro: authenticationIntro,
      schemes: schemes.map((scheme) => schemeDoc(scheme, allOperations, doc)),
      outro: authenticationOutro,
    },
    groups,
    errorsIntro,
    errors: collectErrorCatalog(doc, resolve),
  };
}

function operationDoc(
  entry: CollectedOperation,
  doc: OpenAPIV3_1.Document,
  schemes: AuthScheme[],
  options: DocsOptions,
  resolve: RefResolver,
): OperationDoc {
  const { operation } = entry;
  return {
    anchor: entry.anchor,
    method: entry.method,
    path: entry.path,
    summary: operation.summary ?? '',
    description: operation.description ?? '',
    deprecated: operation.deprecated === true,
    access: accessRule(operation.security ?? doc.security, schemes),
    // A WebSocket is not something curl can hold open: its example is a WebSocket client's.
    curl:
      '101' in (operation.responses ?? {})
        ? webSocketExample(options.streamUrl)
        : curlExample(
            {
              baseUrl: options.baseUrl,
              path: entry.path,
              parameters: entry.parameters,
              eventStream: isEventStream(entry, resolve),
            },
            resolve,
          ),
    parameters: entry.parameters.map((parameter) => parameterDoc(parameter, resolve)),
    responses: Object.entries(operation.responses ?? {}).flatMap(([status, response]) => {
      const resolved = resolveResponse(response, resolve);
      return resolved === undefined ? [] : [responseDoc(status, resolved)];
    }),
    body: bodyDoc(entry, resolve),
  };
}

function parameterDoc(parameter: OpenAPIV3_1.ParameterObject, resolve: RefResolver): ParameterDoc {
  // A parameter serialised as JSON declares its schema under `content` instead of `schema`.
  const schema = parameter.schema ?? Object.values(parameter.content ?? {})[0]?.schema;
  const described = describeSchema(schema, resolve);
  const example = parameterExample(parameter, resolve);
  const constraints = uniqueConstraints([
    ...constraintsOf(described.view.schema),
    ...described.variants.flatMap((variant) => constraintsOf(variant.schema)),
  ]);
  return {
    name: parameter.name,
    in: parameter.in,
    required: parameter.required === true,
    type: described.label,
    values: described.values.map(formatValue),
    constraints:
      example === undefined
        ? constraints
        : [...constraints, { name: 'example', value: formatValue(example) }],
    description: parameter.description ?? described.view.schema.description ?? '',
    deprecated: parameter.deprecated === true,
  };
}

function responseDoc(status: string, response: OpenAPIV3_1.ResponseObject): ResponseDoc {
  return { status, description: response.description, headers: Object.keys(response.headers ?? {}) };
}

function successResponse(
  entry: CollectedOperation,
  resolve: RefResolver,
): { status: string; response: OpenAPIV3_1.ResponseObject } | undefined {
  const responses = entry.operation.responses ?? {};
  const status = '200' in responses ? '200' : Object.keys(responses).find((code) => code.startsWith('2'));
  const response = status === undefined ? undefined : responses[status];
  const resolved = response === undefined ? undefined : resolveResponse(response, resolve);
  return status === undefined || resolved === undefined ? undefined : { status, response: resolved };
}

function bodyDoc(entry: CollectedOperation, resolve: RefResolver): BodyDoc | undefined {
  const success = successResponse(entry, resolve);
  const content = success?.response.content ?? {};
  const contentType = 'application/json' in content ? 'application/json' : Object.keys(content)[0];
  const media = contentType === undefined ? undefined : content[contentType];
  if (success === undefined || contentType === undefined || media?.schema === undefined) return undefined;

  const fields = flattenSchemaFields(media.schema, resolve);
  const topLevel = new Set(fields.filter((row) => row.depth === 0).map((row) => row.path));
  const envelopeOmitted = envelopeFieldNames.every((name) => topLevel.has(name));
  const isEnvelopeField = (path: string): boolean =>
    envelopeFieldNames.some(
      (name) => path === name || path.startsWith(`${name}.`) || path.startsWith(`${name}[]`),
    );
  return {
    status: success.status,
    contentType,
    type: describeSchema(media.schema, resolve).label,
    fields: envelopeOmitted ? fields.filter((row) => !isEnvelopeField(row.path)) : fields,
    envelopeOmitted,
  };
}

function isEventStream(entry: CollectedOperation, resolve: RefResolver): boolean {
  return eventStreamType in (successResponse(entry, resolve)?.response.content ?? {});
}

function operationLink(entry: CollectedOperation): OperationLink {
  return { label: `${entry.method} ${entry.path}`, anchor: entry.anchor };
}

function schemeDoc(
  scheme: AuthScheme,
  operations: CollectedOperation[],
  doc: OpenAPIV3_1.Document,
): AuthSchemeDoc {
  const accepting = operations.filter((entry) =>
    (entry.operation.security ?? doc.security ?? []).some((requirement) => scheme.id in requirement),
  );
  const keyed = operations.filter((entry) => (entry.operation.security ?? doc.security ?? []).length > 0);
  // Only worth saying when the scheme is narrower than the other keyed operations.
  const narrower = accepting.length > 0 && accepting.length < keyed.length;
  return { ...scheme, onlyFor: narrower ? accepting.map(operationLink) : [] };
}
