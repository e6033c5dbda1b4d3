import type { OpenAPIV3_1 } from 'openapi-types';
import { isRecord, type RefResolver } from './schema-view.js';

/** One method on one path, with path-level parameters already folded in. */
export interface CollectedOperation {
  method: string;
  path: string;
  operation: OpenAPIV3_1.OperationObject;
  parameters: OpenAPIV3_1.ParameterObject[];
  /** The first tag, which decides the group; untagged operations share `untaggedGroupName`. */
  tag: string;
  anchor: string;
}

export interface OperationGroup {
  tag: string;
  anchor: string;
  description: string;
  operations: CollectedOperation[];
}

export const untaggedGroupName = 'Other';

/** Ids the page uses for its own sections; operation anchors must not take them. */
export const sectionAnchors = {
  contents: 'contents',
  overview: 'overview',
  authentication: 'authentication',
  errors: 'errors',
} as const;

// The order HTTP methods are conventionally listed in, so a path reads GET before POST.
const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/**
 * Every operation, grouped by its first tag. Groups follow `doc.tags` when the document declares
 * them, then the order tags are first met; operations keep the document's path order.
 */
export function collectOperationGroups(doc: OpenAPIV3_1.Document, resolve: RefResolver): OperationGroup[] {
  const anchors = new AnchorRegistry(Object.values(sectionAnchors));
  const declaredTags = doc.tags ?? [];
  const groups = new Map<string, OperationGroup>();
  const groupFor = (tag: string): OperationGroup => {
    let group = groups.get(tag);
    if (group === undefined) {
      const declared = declaredTags.find((candidate) => candidate.name === tag);
      group = { tag, anchor: '', description: declared?.description ?? '', operations: [] };
      groups.set(tag, group);
    }
    return group;
  };
  for (const tag of declaredTags) groupFor(tag.name);

  for (const [path, pathItem] of Object.entries(doc.paths ?? {})) {
    if (pathItem === undefined) continue;
    for (const method of methods) {
      const operation = pathItem[method];
      if (operation === undefined) continue;
      const tag = operation.tags?.[0] ?? untaggedGroupName;
      groupFor(tag).operations.push({
        method: method.toUpperCase(),
        path,
        operation,
        parameters: mergeParameters(pathItem.parameters, operation.parameters, resolve),
        tag,
        anchor: '',
      });
    }
  }

  // Anchors are handed out after grouping so ids follow reading order when two would collide.
  const used = [...groups.values()].filter((group) => group.operations.length > 0);
  for (const group of used) {
    group.anchor = anchors.claim(`tag-${slugify(group.tag)}`);
    for (const entry of group.operations) entry.anchor = anchors.claim(operationAnchorBase(entry));
  }
  return used;
}

function operationAnchorBase(entry: CollectedOperation): string {
  const { operationId } = entry.operation;
  if (operationId !== undefined) {
    // Keep the operationId's case: it is the name developers see in generated clients.
    const cleaned = operationId.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '');
    if (cleaned !== '') return cleaned;
  }
  return slugify(`${entry.method} ${entry.path}`);
}

export function slugify(text: string): string {
  const slug = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug === '' ? 'section' : slug;
}

/** Hands out unique ids: a second claim of `x` gets `x-2`. */
class AnchorRegistry {
  private readonly taken: Set<string>;

  constructor(reserved: readonly string[]) {
    this.taken = new Set(reserved);
  }

  claim(base: string): string {
    let candidate = base;
    for (let suffix = 2; this.taken.has(candidate); suffix += 1) candidate = `${base}-${suffix}`;
    this.taken.add(candidate);
    return candidate;
  }
}

type ParameterList = (OpenAPIV3_1.ReferenceObject | OpenAPIV3_1.ParameterObject)[] | undefined;

/** An operation's parameter overrides a path-level one with the same name and location. */
function mergeParameters(
  pathLevel: ParameterList,
  operationLevel: ParameterList,
  resolve: RefResolver,
): OpenAPIV3_1.ParameterObject[] {
  const merged = new Map<string, OpenAPIV3_1.ParameterObject>();
  for (const entry of [...(pathLevel ?? []), ...(operationLevel ?? [])]) {
    const parameter = resolveParameter(entry, resolve);
    if (parameter !== undefined) merged.set(`${parameter.in}\u0000${parameter.name}`, parameter);
  }
  // Fastify lists query parameters before path ones; a reader expects the URL's own order.
  return [...merged.values()].sort((a, b) => locationRank(a.in) - locationRank(b.in));
}

const locations = ['path', 'query', 'header', 'cookie'];

function locationRank(location: string): number {
  const rank = locations.indexOf(location);
  return rank === -1 ? locations.length : rank;
}

function resolveParameter(
  entry: OpenAPIV3_1.ReferenceObject | OpenAPIV3_1.ParameterObject,
  resolve: RefResolver,
): OpenAPIV3_1.ParameterObject | undefined {
  if (!('$ref' in entry)) return entry;
  const target = resolve(entry.$ref);
  if (!isRecord(target) || typeof target.name !== 'string' || typeof target.in !== 'string') return undefined;
  return target as unknown as OpenAPIV3_1.ParameterObject;
}

/** A response, with a `$ref` to `#/components/responses/X` followed. */
export function resolveResponse(
  entry: OpenAPIV3_1.ReferenceObject | OpenAPIV3_1.ResponseObject,
  resolve: RefResolver,
): OpenAPIV3_1.ResponseObject | undefined {
  if (!('$ref' in entry)) return entry;
  const target = resolve(entry.$ref);
  return isRecord(target) ? (target as unknown as OpenAPIV3_1.ResponseObject) : undefined;
}
