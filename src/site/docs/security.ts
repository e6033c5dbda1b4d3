import type { OpenAPIV3_1 } from 'openapi-types';
import { isRecord, type RefResolver } from './schema-view.js';

/** One way to send a key, from `components.securitySchemes`. */
export interface AuthScheme {
  /** The scheme's key in `securitySchemes`, as security requirements name it. */
  id: string;
  /** `HTTP bearer`, `API key (header)`, … */
  kind: string;
  /** What to put on the request, e.g. `Authorization: Bearer <API_KEY>`. */
  sendAs: string;
  description: string;
}

const keyPlaceholder = '<API_KEY>';

export function collectAuthSchemes(doc: OpenAPIV3_1.Document, resolve: RefResolver): AuthScheme[] {
  return Object.entries(doc.components?.securitySchemes ?? {}).flatMap(([id, entry]) => {
    const scheme = '$ref' in entry ? resolve(entry.$ref) : entry;
    if (!isRecord(scheme)) return [];
    return [describeScheme(id, scheme as unknown as OpenAPIV3_1.SecuritySchemeObject)];
  });
}

function describeScheme(id: string, scheme: OpenAPIV3_1.SecuritySchemeObject): AuthScheme {
  const description = scheme.description ?? '';
  switch (scheme.type) {
    case 'http': {
      const name = scheme.scheme.toLowerCase() === 'bearer' ? 'Bearer' : capitalize(scheme.scheme);
      const format = scheme.bearerFormat === undefined ? '' : ` (${scheme.bearerFormat})`;
      return {
        id,
        kind: `HTTP ${name.toLowerCase()}${format}`,
        sendAs: `Authorization: ${name} ${keyPlaceholder}`,
        description,
      };
    }
    case 'apiKey': {
      const sendAs =
        scheme.in === 'header'
          ? `${scheme.name}: ${keyPlaceholder}`
          : scheme.in === 'query'
            ? `?${scheme.name}=${keyPlaceholder}`
            : `Cookie: ${scheme.name}=${keyPlaceholder}`;
      return { id, kind: `API key in ${scheme.in}`, sendAs, description };
    }
    case 'oauth2':
      return { id, kind: 'OAuth 2.0', sendAs: `Authorization: Bearer <ACCESS_TOKEN>`, description };
    case 'openIdConnect':
      return { id, kind: 'OpenID Connect', sendAs: scheme.openIdConnectUrl, description };
  }
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Who may call an operation, read from its security requirements. */
export interface AccessRule {
  /** `none`: no key is read; `optional`: a key only changes limits; `required`: no anonymous call. */
  key: 'none' | 'optional' | 'required';
  schemes: AuthScheme[];
}

/**
 * OpenAPI lists alternatives; an empty requirement `{}` among them means anonymous calls work, and
 * an empty list means the operation takes no key at all. Undefined when the document says nothing.
 */
export function accessRule(
  requirements: OpenAPIV3_1.SecurityRequirementObject[] | undefined,
  schemes: AuthScheme[],
): AccessRule | undefined {
  if (requirements === undefined) return undefined;
  if (requirements.length === 0) return { key: 'none', schemes: [] };
  const names = new Set(requirements.flatMap((requirement) => Object.keys(requirement)));
  const anonymous = requirements.some((requirement) => Object.keys(requirement).length === 0);
  return {
    key: anonymous ? 'optional' : 'required',
    schemes: schemes.filter((scheme) => names.has(scheme.id)),
  };
}
