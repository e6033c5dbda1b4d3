/**
 * The website with every park a feed lists (PARKS=all on the loopback Queue-Times fixtures, 66
 * parks): the home page groups parks by country and destination with a filter box that works as a
 * GET form without scripts and narrows as one types with them; a discovered park's page and its
 * rides' pages render, their sections saying so where no source has data. In Chromium: no console
 * error, no serious or critical axe-core finding, nothing wider than a phone's or a desktop's width
 * (photographed to test-output/screenshots/park-list-*.png, gitignored).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { axeViolations, chromiumPath, launchChromium, type Browser } from '../support/chromium.js';
import { queueTimesFixtures } from '../support/queue-times-all-parks.js';
import { startServer, type TestServer } from '../support/server.js';

// 08:30 on the 28th in Tokyo, the 27th in UTC: the Japanese parks are open on their own date.
const clock = new ManualClock(Date.parse('2026-11-27T23:30:00Z'));
const SCREENSHOTS = join(import.meta.dirname, '..', '..', 'test-output', 'screenshots');
const { upstream, groups, described } = queueTimesFixtures();
/** The fixture's Japanese parks, as the site names them. */
const JAPAN = ['Tokyo Disneyland', 'Tokyo DisneySea', 'Universal Studios Japan'];

let server: TestServer;
let browser: Browser | undefined;

beforeAll(async () => {
  await upstream.start();
  server = await startServer({
    clock,
    env: {
      FEED: 'queue-times',
      QUEUE_TIMES_URL: upstream.url,
      PARKS: 'all',
      UPSTREAM_READ_BUDGET: '10000',
      COVERAGE_START: '2026-11-20',
    },
  });
  await server.app.ingest.refreshAll();
  if (chromiumPath()) {
    browser = await launchChromium();
    mkdirSync(SCREENSHOTS, { recursive: true });
  }
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server.close();
  await upstream.stop();
});

async function html(path: string): Promise<string> {
  const response = await server.get(path);
  expect(response.status, path).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  return response.text();
}

/** The park names of the home page's cards, those shown and those the filter hid. */
function cards(page: string): { shown: string[]; hidden: string[] } {
  const shown: string[] = [];
  const hidden: string[] = [];
  for (const match of page.matchAll(
    /<li data-search="[^"]*"( hidden)?><a class="park" href="[^"]+">([^<]+)<\/a>/g,
  )) {
    (match[1] ? hidden : shown).push(match[2] ?? '');
  }
  return { shown, hidden };
}

describe('the park list without scripts', () => {
  it('serves every park’s page and its first ride’s page, no section failing', async () => {
    const failing: string[] = [];
    for (const park of server.app.context.catalog.parks) {
      const ride = park.attractions[0];
      for (const path of [`/parks/${park.key}`, ...(ride ? [`/parks/${park.key}/rides/${ride.slug}`] : [])]) {
        const response = await server.get(path);
        const text = await response.text();
        if (response.status !== 200 || text.includes('could not be loaded'))
          failing.push(`${path}: ${response.status}`);
      }
    }
    expect(failing).toEqual([]);
  }, 120_000);

  it('lists every park under its country and destination', async () => {
    const page = await html('/');
    const { shown, hidden } = cards(page);
    expect(hidden).toEqual([]);
    expect(shown.length).toBe(server.app.context.catalog.parks.length);
    expect(shown.length).toBeGreaterThan(60);
    const japan = page.slice(
      page.indexOf('<h3>Japan</h3>'),
      page.indexOf('</div></div>', page.indexOf('<h3>Japan</h3>')),
    );
    expect(japan).toContain('<h4>Tokyo Disney Resort</h4>');
    for (const name of JAPAN) expect(page).toContain(`>${name}</a>`);
    const countries = [...page.matchAll(/<h3>([^<]+)<\/h3>/g)].map((m) => m[1]);
    expect(countries).toContain('United States');
    expect(countries).toContain('Australia');
    expect(countries).toEqual([...countries].sort((a, b) => (a ?? '').localeCompare(b ?? '')));
    // Every group with a park outside the ten is a destination (the ten keep their own resorts).
    for (const group of groups.filter((g) => g.parks.some((park) => described.includes(String(park.id)))))
      expect(page.includes(`<h4>${group.name.replace(/&/g, '&amp;')}</h4>`), group.name).toBe(true);
    expect(page.includes('<h4>Walt Disney World Resort</h4>')).toBe(true);
    expect(page).toContain('<form class="park-filter" role="search" method="get"');
    expect(page).toMatch(/<label for="park-filter">/);
  });

  it('renders ?q= on the server: only matching parks shown, the count said, the box filled', async () => {
    const page = await html('/?q=japan');
    expect(cards(page).shown.sort()).toEqual([...JAPAN].sort());
    expect(page).toContain('3 of ');
    expect(page).toContain('value="japan"');
    const byDestination = cards(await html('/?q=tokyo%20disney%20resort')).shown.sort();
    expect(byDestination).toEqual(['Tokyo Disneyland', 'Tokyo DisneySea'].sort());
    const none = await html('/?q=atlantis');
    expect(cards(none).shown).toEqual([]);
    expect(none).toContain('No park matches “atlantis”.');
    // The unfiltered page is not served for a filtered address, nor the other way round.
    expect(cards(await html('/')).hidden).toEqual([]);
  });

  it('renders a discovered park’s page and its rides’ pages, sections without data saying so', async () => {
    const park = await html('/parks/tokyo-disneyland');
    expect(park).toContain('Tokyo Disneyland');
    expect(park).not.toContain('could not be loaded');
    const rides = server.app.context.catalog.park('tokyo-disneyland')?.attractions ?? [];
    expect(rides.length).toBeGreaterThan(3);
    for (const ride of rides) {
      const page = await html(`/parks/tokyo-disneyland/rides/${ride.slug}`);
      expect(page).toContain(ride.name.replace(/&/g, '&amp;').replace(/'/g, '&#39;'));
      expect(page, ride.slug).not.toContain('could not be loaded');
    }
  });
});

interface PageGlobals {
  readonly document: { readonly documentElement: { readonly scrollWidth: number } };
}
interface CardElement {
  readonly textContent: string | null;
}

async function open(path: string, width = 1280): Promise<{ page: Page; errors: string[] }> {
  if (!browser) throw new Error('no browser');
  const page = await browser.context.newPage();
  await page.setViewportSize({ width, height: 900 });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${server.url}${path}`, { waitUntil: 'load' });
  return { page, errors };
}

/** The names of the park cards the reader sees now. */
function visibleCards(page: Page): Promise<string[]> {
  return page.$$eval('#park-list li:not([hidden]) a.park', (links: CardElement[]) =>
    links.map((link) => link.textContent ?? ''),
  );
}

describe.skipIf(!chromiumPath())('the park list in a browser', () => {
  it('loads at phone and desktop widths with no console error, no axe finding and no overflow', async () => {
    for (const width of [390, 1280]) {
      const { page, errors } = await open('/', width);
      try {
        expect((await visibleCards(page)).length).toBe(server.app.context.catalog.parks.length);
        expect(await axeViolations(page)).toEqual([]);
        const overflow = await page.evaluate(
          () => (globalThis as unknown as PageGlobals).document.documentElement.scrollWidth,
        );
        expect(overflow, `home at ${width}`).toBeLessThanOrEqual(width);
        await page.screenshot({ path: join(SCREENSHOTS, `park-list-${width}.png`) });
        expect(errors).toEqual([]);
      } finally {
        await page.close();
      }
    }
  });

  it('narrows the list as one types, keeps the filter in the address, and widens it again', async () => {
    const { page, errors } = await open('/');
    try {
      const box = page.getByLabel('Filter parks by name, destination or country');
      await box.fill('japan');
      await expect.poll(async () => (await visibleCards(page)).sort()).toEqual([...JAPAN].sort());
      expect(await page.locator('#park-count').textContent()).toMatch(/^3 of \d+ parks match “japan”\.$/);
      expect(new URL(page.url()).searchParams.get('q')).toBe('japan');
      // Only the country and destination headings with a shown park stay.
      const headings = await page.$$eval('#park-list h3:not([hidden])', (els: CardElement[]) =>
        els
          .filter((el) => (el as unknown as { offsetParent: unknown }).offsetParent !== null)
          .map((el) => el.textContent),
      );
      expect(headings).toEqual(['Japan']);
      await box.fill('');
      await expect
        .poll(async () => (await visibleCards(page)).length)
        .toBe(server.app.context.catalog.parks.length);
      expect(new URL(page.url()).searchParams.has('q')).toBe(false);
      expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('widens a server-filtered list when the box is cleared', async () => {
    const { page, errors } = await open('/?q=tokyo');
    try {
      expect((await visibleCards(page)).sort()).toEqual(['Tokyo Disneyland', 'Tokyo DisneySea'].sort());
      await page.getByLabel('Filter parks by name, destination or country').fill('europa');
      // Rulantica stands in the Europa-Park Resort, so the destination's name matches it too.
      await expect.poll(() => visibleCards(page)).toEqual(['Europa-Park', 'Rulantica']);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('renders a discovered park’s page and a ride page with no console error and no axe finding', async () => {
    for (const path of ['/parks/tokyo-disneyland', '/parks/tokyo-disneyland/rides/big-thunder-mountain']) {
      for (const width of [390, 1280]) {
        const { page, errors } = await open(path, width);
        try {
          if (path === '/parks/tokyo-disneyland') await page.waitForSelector('#waits-table[data-updated]');
          expect(await axeViolations(page), path).toEqual([]);
          const overflow = await page.evaluate(
            () => (globalThis as unknown as PageGlobals).document.documentElement.scrollWidth,
          );
          expect(overflow, `${path} at ${width}`).toBeLessThanOrEqual(width);
          expect(errors, path).toEqual([]);
        } finally {
          await page.close();
        }
      }
    }
  });
});
