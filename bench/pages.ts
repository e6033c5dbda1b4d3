/**
 * The website rows: bytes per page as a browser gets them (brotli, the page plus every script and
 * stylesheet it loads), time to first byte, and Lighthouse scores for the park and ride pages at
 * phone size when the `lighthouse` CLI is installed (`npm install --no-save lighthouse@12`: version
 * 13 wants Node 22.19 or later; it runs offline with CHROME_PATH=/usr/bin/chromium). The pages'
 * requests/s against the bare baseline are the page cases of http.ts.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChild } from './child.js';
import type { BenchData } from './data-dir.js';
import { getRaw } from './http-get.js';
import { log } from './stats.js';
import { atLeastTimes, notBuilt, reference, under, type Row } from './table.js';

export const PAGES = [
  { name: 'home page', path: '/' },
  { name: 'park page', path: '/parks/magic-kingdom' },
  { name: 'ride page', path: '/parks/magic-kingdom/rides/space-mountain' },
] as const;

/** The ceiling for a park page, compressed, scripts and styles included. */
const PARK_PAGE_LIMIT_KB = 60;
const LIGHTHOUSE_GOAL = 95;
const TTFB_SAMPLES = 50;
const BROTLI = { 'Accept-Encoding': 'gzip, deflate, br' };

/** Compressed bytes of a page and of every script and stylesheet it links, as sent. */
export async function pageBytes(origin: string, path: string): Promise<{ page: number; assets: number }> {
  const page = await getRaw(`${origin}${path}`, BROTLI);
  const html = (await getRaw(`${origin}${path}`)).body.toString();
  const addresses = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="(\/assets\/[^"]+)"/g)].map(
    (match) => match[1] ?? '',
  );
  let assets = 0;
  for (const address of addresses) assets += (await getRaw(`${origin}${address}`, BROTLI)).body.length;
  return { page: page.body.length, assets };
}

/** Median time to the first byte of the answer, sequential requests on fresh connections. */
async function timeToFirstByte(origin: string, path: string): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < TTFB_SAMPLES; i++) {
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      void import('node:http').then(({ get }) => {
        const request = get(`${origin}${path}`, { headers: BROTLI, agent: false }, (response) => {
          response.once('data', () => samples.push(performance.now() - started));
          response.resume();
          response.once('end', resolve);
        });
        request.once('error', reject);
      });
    });
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] ?? 0;
}

interface LighthouseScores {
  readonly performance: number;
  readonly accessibility: number;
  readonly bestPractices: number;
}

/** Lighthouse's mobile run of `url`, or undefined when the CLI cannot run here. */
function lighthouse(url: string): LighthouseScores | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'queuecast-lighthouse-'));
  try {
    const report = join(dir, 'report.json');
    execFileSync(
      'npx',
      [
        '--no-install',
        'lighthouse',
        url,
        '--quiet',
        '--output=json',
        `--output-path=${report}`,
        '--only-categories=performance,accessibility,best-practices',
        '--form-factor=mobile',
        '--chrome-flags=--headless --no-sandbox --disable-gpu',
      ],
      { env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' }, stdio: 'ignore', timeout: 180_000 },
    );
    const categories = (
      JSON.parse(readFileSync(report, 'utf8')) as { categories: Record<string, { score: number }> }
    ).categories;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
    };
  } catch (error) {
    log(`lighthouse did not run: ${(error as Error).message.split('\n')[0] ?? ''}`);
    return undefined;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function pageRows(data: BenchData): Promise<Row[]> {
  const server = startChild('./queuecast-server.ts', [data.dataDir, 'system', 'no-poll'], {
    stdout: 'ignore',
  });
  const { url: origin } = await server.next<{ url: string }>('listening');
  const rows: Row[] = [];
  try {
    await server.ask({ command: 'refresh' });
    const apiTtfb = await timeToFirstByte(origin, '/v1/parks/mk/waits');
    for (const { name, path } of PAGES) {
      const bytes = await pageBytes(origin, path);
      const total = (bytes.page + bytes.assets) / 1024;
      log(`pages ${name}: ${bytes.page} B page + ${bytes.assets} B scripts and styles (brotli)`);
      rows.push(
        name === 'park page'
          ? under(
              `${name}: bytes, compressed, with scripts and styles`,
              'KB',
              total,
              bytes.page / 1024,
              PARK_PAGE_LIMIT_KB,
            )
          : reference(`${name}: bytes, compressed, with scripts and styles`, 'KB', total, bytes.page / 1024),
      );
      rows.push(
        reference(
          `${name}: time to first byte (baseline: /waits)`,
          'ms',
          await timeToFirstByte(origin, path),
          apiTtfb,
        ),
      );
    }
    for (const { name, path } of PAGES.slice(1)) {
      const scores = lighthouse(`${origin}${path}`);
      if (!scores) {
        rows.push(notBuilt(`${name}: Lighthouse (not installed: npm install --no-save lighthouse@12)`));
        continue;
      }
      for (const [label, value] of [
        ['performance', scores.performance],
        ['accessibility', scores.accessibility],
        ['best practices', scores.bestPractices],
      ] as const) {
        rows.push(atLeastTimes(`${name}: Lighthouse ${label}, phone`, 'score', value, LIGHTHOUSE_GOAL, 1));
      }
    }
  } finally {
    await server.stop();
  }
  return rows;
}
