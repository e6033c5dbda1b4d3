import type { AccessRule, AuthScheme } from './security.js';
import type { ErrorCatalog } from './error-codes.js';
import type { FieldRow } from './schema-fields.js';
import type { Constraint } from './schema-view.js';

/** Public addresses the page links to; the document alone does not know where it is served. */
export interface DocsOptions {
  /** The public website; attribution links point here before any response has arrived. */
  siteUrl: string;
  /** Origin the document's paths hang off, e.g. `https://api.example.com` for `/v1/parks`. */
  baseUrl: string;
  markdownUrl: string;
  htmlUrl: string;
  openapiUrl: string;
  /** WebSocket address, e.g. `wss://api.example.com/v1/stream`. */
  streamUrl: string;
  /** The streaming guide (browser EventSource and WebSocket examples), when the site serves one. */
  streamingGuideUrl?: string;
  /** The interactive reference (search, try-it), when the site serves one. */
  referenceUrl?: string;
  /** Names the deployment in the page footer, e.g. `queuecast.example`. */
  generatedFor?: string;
  /** Plain text naming each data family's source (simulated or which upstream) and its known folds. */
  dataSources?: string;
  /** Credits the data's upstream requires wherever its data is shown (Queue-Times'). */
  credits?: readonly { readonly text: string; readonly url: string }[];
}

/**
 * Everything both renderers show, worked out once. Text fields hold the document's words (which
 * OpenAPI defines as CommonMark) or page prose in the same small Markdown subset; renderers escape.
 */
export interface DocsPage {
  title: string;
  version: string;
  openapiVersion: string;
  summary: string;
  description: string;
  options: DocsOptions;
  overview: string;
  authentication: AuthenticationDoc;
  groups: GroupDoc[];
  errorsIntro: string;
  errors: ErrorCatalog;
}

export interface AuthenticationDoc {
  intro: string;
  schemes: AuthSchemeDoc[];
  outro: string;
}

export interface AuthSchemeDoc extends AuthScheme {
  /** Operations that accept the scheme, listed only when some do not (e.g. a query key for streams). */
  onlyFor: OperationLink[];
}

export interface OperationLink {
  /** `GET /v1/parks/{park}/waits/stream` */
  label: string;
  anchor: string;
}

export interface GroupDoc {
  tag: string;
  anchor: string;
  description: string;
  operations: OperationDoc[];
}

export interface OperationDoc {
  anchor: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  deprecated: boolean;
  access: AccessRule | undefined;
  curl: string;
  parameters: ParameterDoc[];
  responses: ResponseDoc[];
  body: BodyDoc | undefined;
}

export interface ParameterDoc {
  name: string;
  in: string;
  required: boolean;
  type: string;
  values: string[];
  constraints: Constraint[];
  description: string;
  deprecated: boolean;
}

export interface ResponseDoc {
  status: string;
  description: string;
  headers: string[];
}

export interface BodyDoc {
  status: string;
  contentType: string;
  /** Type of the whole body, e.g. `object (ParkWaits)`. */
  type: string;
  fields: FieldRow[];
  /** True when the envelope fields were left out of `fields` because the overview covers them. */
  envelopeOmitted: boolean;
}
