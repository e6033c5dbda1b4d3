import type { Attraction, Park } from '../catalog/types.js';

/**
 * Every public address the API hands out: site pages for attribution, docs, the description
 * document and the stream endpoints. One place, so a path never differs between two responses.
 */
export class Links {
  readonly siteRoot: string;

  constructor(
    private readonly siteUrl: string,
    private readonly baseUrl: string,
  ) {
    this.siteRoot = `${siteUrl}/`;
  }

  parkPage(park: Pick<Park, 'key'>): string {
    return `${this.siteUrl}/parks/${park.key}`;
  }

  ridePage(ride: Pick<Attraction, 'park_key' | 'slug'>): string {
    return `${this.siteUrl}/parks/${ride.park_key}/rides/${ride.slug}`;
  }

  get docsHtml(): string {
    return `${this.siteUrl}/docs`;
  }

  get docsMarkdown(): string {
    return `${this.siteUrl}/docs.md`;
  }

  get errorsDocs(): string {
    return `${this.docsHtml}#errors`;
  }

  /** The streaming guide: browser EventSource and WebSocket examples. */
  get streamingGuide(): string {
    return `${this.docsHtml}/streaming`;
  }

  get openapi(): string {
    return `${this.baseUrl}/v1/openapi.json`;
  }

  get asyncapi(): string {
    return `${this.baseUrl}/v1/asyncapi.json`;
  }

  get stream(): string {
    return `${this.baseUrl.replace(/^http/, 'ws')}/v1/stream`;
  }

  get sseTemplate(): string {
    return `${this.baseUrl}/v1/parks/{park}/waits/stream`;
  }

  /** An absolute API address for `path` (which starts with `/`). */
  baseUrlPath(path: string): string {
    return `${this.baseUrl}${path}`;
  }

  get siteDomain(): string {
    return new URL(this.siteUrl).host;
  }
}
