/**
 * The website in a real browser (headless Chromium through playwright-core): every page loads with
 * no console errors and no serious or critical axe-core violations, shows the attribution link,
 * and is photographed at phone and desktop widths (test-output/screenshots/, gitignored); the park
 * table follows the stream as the simulated clock moves; the ride chart draws today's waits; the
 * sign-up form returns a key with the free tier's limits; the streaming guide's examples run.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { axeViolations, chromiumPath, launchChromium, type Browser } from '../support/chromium.js';
import { ControllableFeeds } from '../support/feeds.js';
import { BASE_URL, startServer, type TestServer } from '../support/server.js';

/** The few DOM shapes the page functions touch (this project's types leave the DOM out). */
interface RowElement {
  getAttribute(name: string): string | null;
  readonly children: ArrayLike<{ readonly textContent: string | null }>;
}
interface CellElement {
  readonly textContent: string | null;
}
interface CanvasElement {
  readonly width: number;
  readonly height: number;
  getContext(
    kind: '2d',
  ): { getImageData(x: number, y: number, w: number, h: number): { data: ArrayLike<number> } } | null;
}
interface Box {
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
}
/** Where a waits row's attraction name and standby wait number sit in the viewport. */
interface RowPlaces {
  readonly id: string;
  readonly wait: string;
  readonly name: Box;
  readonly number: Box;
}
interface MeasuredElement {
  getBoundingClientRect(): Box;
}
interface WaitsRowElement {
  getAttribute(name: string): string | null;
  readonly cells: ArrayLike<{
    readonly firstChild: { readonly textContent: string | null } | null;
    querySelector(selector: string): MeasuredElement | null;
    getBoundingClientRect(): Box;
  }>;
}
interface WaitsPageGlobals {
  readonly document: {
    createRange(): { selectNodeContents(node: unknown): void; getBoundingClientRect(): Box };
  };
  getComputedStyle(element: unknown, pseudo: string): { readonly content: string };
}
interface PageGlobals {
  readonly document: { readonly documentElement: { readonly scrollWidth: number } };
}

const NOON_NEW_YORK = Date.parse('2026-11-21T17:00:00Z');
const MINUTE = 60_000;
const SCREENSHOTS = join(import.meta.dirname, '..', '..', 'test-output', 'screenshots');

const clock = new ManualClock(NOON_NEW_YORK);
const feeds = new ControllableFeeds();
let server: TestServer;
let browser: Browser | undefined;

beforeAll(async () => {
  if (!chromiumPath()) return;
  server = await startServer({ clock, feeds: feeds.build });
  browser = await launchChromium();
  mkdirSync(SCREENSHOTS, { recursive: true });
});

afterAll(async () => {
  if (!chromiumPath()) return;
  await browser?.close();
  await server.close();
});

interface OpenPage {
  readonly page: Page;
  /** Console errors and uncaught exceptions since the page opened. */
  readonly errors: string[];
}

async function open(path: string, width = 1280, height = 900): Promise<OpenPage> {
  if (!browser) throw new Error('no browser');
  const page = await browser.context.newPage();
  await page.setViewportSize({ width, height });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${server.url}${path}`, { waitUntil: 'load' });
  return { page, errors };
}

const PAGES = [
  { name: 'home', path: '/' },
  { name: 'park', path: '/parks/magic-kingdom' },
  // A Friday six days ahead, so the best-times chart has data (the recorded day is a Friday).
  { name: 'ride', path: '/parks/magic-kingdom/rides/space-mountain?date=2026-11-27' },
  { name: 'not-found', path: '/parks/atlantis' },
  { name: 'signup', path: '/signup' },
  { name: 'streaming-guide', path: '/docs/streaming' },
] as const;

describe.skipIf(!chromiumPath())('the website in a browser', () => {
  for (const { name, path } of PAGES) {
    it(`${name}: loads with no console error, shows the attribution link, passes axe-core`, async () => {
      const { page, errors } = await open(path);
      try {
        const link = page.locator('footer .attribution a');
        await expect.poll(() => link.isVisible()).toBe(true);
        expect(await link.textContent()).toBe('Live data from queuecast.test');
        expect(await axeViolations(page)).toEqual([]);
        if (name === 'park') await page.waitForSelector('#waits-table[data-updated]');
        if (name === 'ride') await page.waitForSelector('#wait-chart[data-rendered]');
        // The 404 page logs its own status as a failed load; nothing else may fail.
        expect(errors.filter((e) => !(name === 'not-found' && e.includes('404')))).toEqual([]);
      } finally {
        await page.close();
      }
    });
  }

  it('photographs the home, a park and a ride page at 390 and 1280 px, laid out within the width', async () => {
    for (const { name, path } of PAGES.slice(0, 3)) {
      for (const width of [390, 1280]) {
        const { page, errors } = await open(path, width);
        try {
          if (name === 'park') await page.waitForSelector('#waits-table[data-updated]');
          if (name === 'ride') {
            await page.waitForSelector('#wait-chart[data-rendered]');
            await page.waitForSelector('#best-chart[data-rendered]');
          }
          await page.screenshot({ path: join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
          // Nothing but the tables' own scrolling boxes is wider than the screen.
          const overflow = await page.evaluate(
            () => (globalThis as unknown as PageGlobals).document.documentElement.scrollWidth,
          );
          expect(overflow, `${name} at ${width}`).toBeLessThanOrEqual(width);
          expect(errors).toEqual([]);
        } finally {
          await page.close();
        }
      }
    }
  });

  it('updates the park table from the stream when the simulated clock moves', async () => {
    const { page, errors } = await open('/parks/magic-kingdom');
    try {
      await page.waitForSelector('#waits-table[data-updated]');
      const rows = () =>
        page.$$eval('#waits-table tbody tr', (trs: RowElement[]) =>
          trs.map(
            (tr) =>
              `${tr.getAttribute('data-id')}=${tr.children[1]?.textContent}/${tr.children[2]?.textContent}`,
          ),
        );
      const before = await rows();
      expect(before.length).toBeGreaterThan(10);
      let after = before;
      for (let minute = 0; minute < 60 && after.join() === before.join(); minute++) {
        clock.advance(MINUTE);
        await server.app.ingest.refreshAll();
        await page.waitForTimeout(50);
        after = await rows();
      }
      expect(after).not.toEqual(before);
      // The table now says what the API says.
      const api = (await (await server.get('/v1/parks/magic-kingdom/waits')).json()) as {
        entries: {
          ride_id: string;
          standby_wait_minutes: number | null;
          estimated_actual_wait_minutes: number | null;
          estimated_actual_low_minutes: number | null;
          estimated_actual_high_minutes: number | null;
        }[];
      };
      await expect
        .poll(async () => {
          const shown: [string, string][] = await page.$$eval(
            '#waits-table tbody tr',
            (trs: RowElement[]): [string, string][] =>
              trs.map((tr) => [tr.getAttribute('data-id') ?? '', tr.children[2]?.textContent ?? '']),
          );
          return Object.fromEntries(shown);
        })
        .toEqual(
          Object.fromEntries(
            api.entries.map((e) => [
              e.ride_id,
              e.standby_wait_minutes === null
                ? '—'
                : `${e.standby_wait_minutes} min≈ ${e.estimated_actual_wait_minutes} min actual (est. ${e.estimated_actual_low_minutes}–${e.estimated_actual_high_minutes})`,
            ]),
          ),
        );
      // Sorting and filtering happen in place.
      await page.selectOption('select[name=type]', 'ride');
      await page.click('th[data-sort=wait] a');
      const types = await page.$$eval('#waits-table tbody tr', (trs: RowElement[]) =>
        trs.map((tr) => tr.getAttribute('data-type')),
      );
      expect(new Set(types)).toEqual(new Set(['ride']));
      const waits = await page.$$eval('#waits-table tbody tr td:nth-child(3)', (tds: CellElement[]) =>
        tds.map((td) => Number.parseInt(td.textContent ?? '', 10)).filter((n) => !Number.isNaN(n)),
      );
      expect(waits).toEqual([...waits].sort((a, b) => b - a));
      expect(new URL(page.url()).search).toBe('?type=ride&sort=wait');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  describe('the park page at phone size (390×844)', () => {
    const PHONE = { width: 390, height: 844 } as const;

    /** Each row's name and standby wait number (its text, not its cell), measured in the page. */
    const places = (page: Page): Promise<RowPlaces[]> =>
      page.$$eval('#waits-table tbody tr', (rows: WaitsRowElement[]) =>
        rows.map((row) => {
          const box = ({ left, right, top, bottom }: Box): Box => ({ left, right, top, bottom });
          const name = row.cells[0]?.querySelector('a') ?? row.cells[0];
          const waitText = row.cells[2]?.firstChild;
          const range = (globalThis as unknown as WaitsPageGlobals).document.createRange();
          if (waitText) range.selectNodeContents(waitText);
          return {
            id: row.getAttribute('data-id') ?? '',
            wait: waitText?.textContent ?? '',
            name: box(name?.getBoundingClientRect() ?? { left: 0, right: 0, top: 0, bottom: 0 }),
            number: box(range.getBoundingClientRect()),
          };
        }),
      );

    /**
     * The rows' places once the page's fonts have loaded and a frame has been laid out with them:
     * measured at `load` alone, a row could read as an empty box.
     */
    const settledPlaces = async (page: Page): Promise<RowPlaces[]> => {
      await page.evaluate(
        'document.fonts.ready.then(() => new Promise((done) => requestAnimationFrame(() => done(null))))',
      );
      return places(page);
    };

    const expectWaitsOnScreen = (rows: RowPlaces[]) => {
      expect(rows.length).toBeGreaterThan(10);
      expect(rows.filter((row) => /^\d+ min$/.test(row.wait)).length).toBeGreaterThan(5);
      for (const row of rows) {
        const where = `${row.id} (${row.wait}) at ${JSON.stringify(row.number)}`;
        expect(row.number.right - row.number.left, where).toBeGreaterThan(0);
        expect(row.number.left, where).toBeGreaterThanOrEqual(0);
        expect(row.number.right, where).toBeLessThanOrEqual(PHONE.width);
        // Beside the attraction's name, on its line, not in a row of details below it.
        expect(row.number.left, where).toBeGreaterThanOrEqual(row.name.right);
        expect(row.number.top, where).toBeLessThan(row.name.bottom);
      }
    };

    it('shows every standby wait beside its attraction, as the server renders the rows', async () => {
      if (!browser) throw new Error('no browser');
      const page = await browser.context.newPage();
      try {
        await page.setViewportSize(PHONE);
        // Without the park script: the rows as the page is served.
        await page.route('**/assets/park-*.js', (route) => route.abort());
        await page.goto(`${server.url}/parks/magic-kingdom`, { waitUntil: 'load' });
        expectWaitsOnScreen(await settledPlaces(page));
      } finally {
        await page.close();
      }
    });

    it('keeps every standby wait beside its attraction as the stream updates the rows', async () => {
      const { page, errors } = await open('/parks/magic-kingdom', PHONE.width, PHONE.height);
      try {
        await page.waitForSelector('#waits-table[data-updated]');
        expectWaitsOnScreen(await settledPlaces(page));
        // The priority lane's return window is labelled with its brand where its header is hidden.
        const lane = page.locator('#waits-table tbody td.lane:not(.none)').first();
        const label = await lane.evaluate(
          (td) => (globalThis as unknown as WaitsPageGlobals).getComputedStyle(td, '::before').content,
        );
        expect(label).toContain('Lightning Lane');
        expect(await axeViolations(page)).toEqual([]);
        await page.screenshot({ path: join(SCREENSHOTS, 'park-waits-390x844.png') });
        expect(errors).toEqual([]);
      } finally {
        await page.close();
      }
    });
  });

  it('takes every number off the park table when the park’s live data stops being current', async () => {
    const { page } = await open('/parks/disneyland');
    try {
      await page.waitForSelector('#waits-table[data-updated]');
      expect(await page.textContent('#waits-table tbody')).toMatch(/\d+ min/);
      feeds.failing.add('disneyland');
      clock.advance(MINUTE);
      await server.app.ingest.refreshAll();
      await expect.poll(() => page.textContent('#live-status')).toContain('No live data.');
      const table = (await page.textContent('#waits-table tbody')) ?? '';
      expect(table).not.toMatch(/\d+ min/);
      expect(table).toContain('No live data');
    } finally {
      feeds.failing.delete('disneyland');
      await page.close();
    }
  });

  it('draws today’s waits on the ride page chart', async () => {
    const { page, errors } = await open('/parks/magic-kingdom/rides/space-mountain', 390);
    try {
      await page.waitForSelector('#wait-chart[data-rendered]');
      const points = Number(await page.getAttribute('#wait-chart', 'data-rendered'));
      expect(points).toBeGreaterThan(2);
      // Something was drawn: the canvas has painted pixels.
      const painted = await page.$eval('#wait-chart canvas', (c: CanvasElement) => {
        const data = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data ?? [];
        let count = 0;
        for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) count++;
        return count;
      });
      expect(painted).toBeGreaterThan(500);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('draws the best-times chart with its prediction band and typical line for a chosen date', async () => {
    // A Friday six days ahead: the recorded Friday gives the models data for it.
    const { page, errors } = await open('/parks/magic-kingdom/rides/space-mountain?date=2026-11-27', 390);
    try {
      await page.waitForSelector('#best-chart[data-rendered]');
      expect(Number(await page.getAttribute('#best-chart', 'data-rendered'))).toBeGreaterThan(2);
      // The legend names the predicted line, both bounds of the band and the typical line.
      const legend = await page.$$eval(
        '#best-chart .u-legend th',
        (cells: { textContent: string | null }[]) => cells.map((cell) => (cell.textContent ?? '').trim()),
      );
      for (const label of ['Predicted', 'Likely high', 'Likely low', 'Typical'])
        expect(legend.some((text) => text.includes(label))).toBe(true);
      const painted = await page.$eval('#best-chart canvas', (c: CanvasElement) => {
        const data = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data ?? [];
        let count = 0;
        for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) count++;
        return count;
      });
      expect(painted).toBeGreaterThan(500);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('signs up for a key that then gets the free tier’s limits', async () => {
    const { page, errors } = await open('/signup', 390);
    try {
      await page.fill('#signup-email', 'browser@example.com');
      await page.fill('#signup-app_name', 'Browser test');
      await page.click('button[type=submit]');
      const key = (await page.textContent('#api-key', { timeout: 5_000 })) ?? '';
      expect(key).toMatch(/^pk_live_[A-Za-z0-9]{32}$/);
      expect(await axeViolations(page)).toEqual([]);
      const api = await server.get('/v1/parks/magic-kingdom/waits', {
        headers: { authorization: `Bearer ${key}` },
      });
      expect(api.status).toBe(200);
      expect(api.headers.get('x-ratelimit-limit')).toBe('120');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('renders the interactive reference (Swagger UI from its package) with every operation', async () => {
    const { page, errors } = await open('/docs/reference');
    try {
      await page.waitForSelector('#swagger-ui[data-rendered]', { timeout: 15_000 });
      await expect.poll(() => page.locator('.opblock').count()).toBeGreaterThanOrEqual(14);
      // The WebSocket is no operation there: the document's description says how to connect.
      expect(await page.locator('.info').innerText()).toContain('/v1/stream');
      // Swagger UI's own markup puts each operation's path link inside its expand button; that one
      // finding is upstream's (ADR 0009). Everything else axe finds there is fixed by our styles.
      const findings = await axeViolations(page);
      expect(findings.map((finding) => finding.split(' ')[0])).toEqual(['nested-interactive']);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('runs the streaming guide’s EventSource and WebSocket examples as written', async () => {
    const { page, errors } = await open('/docs/streaming');
    try {
      const example = async (id: string) =>
        ((await page.textContent(`#${id}`)) ?? '')
          .replaceAll(BASE_URL, server.url)
          .replaceAll(BASE_URL.replace(/^http/, 'ws'), server.url.replace(/^http/, 'ws'));
      const sse = await example('example-sse');
      const ws = await example('example-websocket');
      // Run as written, as classic scripts; each then exposes what it built for the test to read.
      await page.addScriptTag({ content: `${sse}\nwindow.exampleWaits = waits;` });
      await page.addScriptTag({
        content: `${ws}\nwindow.exampleSeen = [];\nsocket.addEventListener('message', (event) => window.exampleSeen.push(JSON.parse(event.data).type));`,
      });
      await page.waitForFunction(() => {
        const g = globalThis as unknown as { exampleWaits: Map<string, unknown>; exampleSeen: string[] };
        return g.exampleWaits.size > 0 && g.exampleSeen.filter((t) => t === 'snapshot').length === 2;
      });
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
