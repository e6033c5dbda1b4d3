import type { Clock } from '../lib/clock.js';
import { isoTimestamp } from '../lib/time.js';
import type { ErrorCode } from './errors.js';
import type { Links } from './links.js';

export interface Attribution {
  readonly text: string;
  readonly url: string;
  readonly required: true;
}

/** Wraps bodies in the response envelope; the one place attribution and `generated_at` are made. */
export class EnvelopeFactory {
  private readonly attributionText: string;

  constructor(
    private readonly links: Links,
    private readonly clock: Clock,
  ) {
    this.attributionText = `Live data from ${links.siteDomain}`;
  }

  attribution(url: string = this.links.siteRoot): Attribution {
    return { text: this.attributionText, url, required: true };
  }

  /** A success body: the endpoint's fields between `schema_version` and the shared tail. */
  wrap<T extends object>(body: T, attributionUrl?: string) {
    return {
      schema_version: 1 as const,
      ...body,
      docs_url: this.links.docsHtml,
      attribution: this.attribution(attributionUrl),
      generated_at: isoTimestamp(this.clock.now()),
    };
  }

  error(code: ErrorCode, message: string) {
    return this.wrap({ error: { code, message, docs_url: this.links.errorsDocs } });
  }
}
