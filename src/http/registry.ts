/**
 * What the server serves, as clients and tests see it: every listed operation with its one-line
 * summary (the index, `/v1`), and the OpenAPI document generated from the registered routes
 * (`/v1/openapi.json`). Filled while the routes register; read once the server is ready.
 */

/** A listed endpoint for the index: `GET /v1/parks` and its one-line summary. */
export interface ListedEndpoint {
  readonly path: string;
  readonly description: string;
}

export class EndpointRegistry {
  private readonly listed: ListedEndpoint[] = [];
  private readonly documentExtensions = new Map<`x-${string}`, object>();
  private documentSource: (() => object) | undefined;

  /** Adds a served operation (`url` in Fastify's `:name` form). */
  add(url: string, summary: string): void {
    this.listed.push({ path: `GET ${url.replace(/:(\w+)/g, '{$1}')}`, description: summary });
  }

  /**
   * Describes at the OpenAPI document's top level what is served but is no HTTP operation a client
   * could call (the WebSocket), so generated clients do not offer it.
   */
  extendDocument(name: `x-${string}`, value: object): void {
    this.documentExtensions.set(name, value);
  }

  get extensions(): Readonly<Record<string, object>> {
    return Object.fromEntries(this.documentExtensions);
  }

  get endpoints(): readonly ListedEndpoint[] {
    return this.listed;
  }

  /** Where the OpenAPI document comes from (the server, once its routes are registered). */
  describeWith(source: () => object): void {
    this.documentSource = source;
  }

  document(): object {
    if (!this.documentSource) throw new Error('the OpenAPI document is read before the server is built');
    return this.documentSource();
  }
}
