/**
 * The site's scripts and styles, prepared once (ETag, brotli and gzip, like API bodies) and served
 * from this process under content-hashed names, so browsers keep them for a year. uPlot and Swagger
 * UI are read from their npm packages: no CDN.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PreparedBody } from '../../http/prepared/body.js';
import { HOME_SCRIPT } from './home-script.js';
import { PARK_SCRIPT } from './park-script.js';
import { PLAN_SCRIPT } from './plan-script.js';
import { REFERENCE_SCRIPT } from './reference-script.js';
import { RIDE_SCRIPT } from './ride-script.js';

const JS = 'text/javascript; charset=utf-8';
const CSS = 'text/css; charset=utf-8';

/** A content-hashed name never changes meaning. */
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export interface Asset {
  /** The address pages link to, `/assets/<name>.<hash>.<ext>`. */
  readonly url: string;
  readonly body: PreparedBody;
}

function asset(name: string, extension: 'js' | 'css', text: string | Buffer): Asset {
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  const hash = createHash('sha256').update(bytes).digest('base64url').slice(0, 10);
  return {
    url: `/assets/${name}.${hash}.${extension}`,
    body: new PreparedBody(bytes, extension === 'js' ? JS : CSS),
  };
}

const require = createRequire(import.meta.url);
const fromPackage = (path: string) => readFileSync(require.resolve(path));

export class SiteAssets {
  readonly homeScript = asset('home', 'js', HOME_SCRIPT);
  readonly parkScript = asset('park', 'js', PARK_SCRIPT);
  readonly rideScript = asset('ride', 'js', RIDE_SCRIPT);
  readonly planScript = asset('plan', 'js', PLAN_SCRIPT);
  readonly uplotScript = asset('uplot', 'js', fromPackage('uplot/dist/uPlot.iife.min.js'));
  readonly uplotStyle = asset('uplot', 'css', fromPackage('uplot/dist/uPlot.min.css'));
  // The interactive reference only (ADR 0010): about 400 KB compressed, never on the site's pages.
  readonly swaggerScript = asset('swagger-ui', 'js', fromPackage('swagger-ui-dist/swagger-ui-bundle.js'));
  readonly swaggerStyle = asset('swagger-ui', 'css', fromPackage('swagger-ui-dist/swagger-ui.css'));
  readonly referenceScript = asset('reference', 'js', REFERENCE_SCRIPT);
  private readonly byUrl = new Map<string, Asset>(
    [
      this.homeScript,
      this.parkScript,
      this.rideScript,
      this.planScript,
      this.uplotScript,
      this.uplotStyle,
      this.swaggerScript,
      this.swaggerStyle,
      this.referenceScript,
    ].map((a) => [a.url, a]),
  );

  find(url: string): Asset | undefined {
    return this.byUrl.get(url);
  }
}
