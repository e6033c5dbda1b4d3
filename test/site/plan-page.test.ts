/**
 * The plan page: a GET form rendered into a plan on the server (breaks and held return windows
 * included, so it works with scripts off), refusing a bad choice with the endpoint's own message;
 * in Chromium at phone and desktop widths, axe-clean and without console errors, ticking rides off
 * and re-planning when the park's stream reports a planned ride going down or its wait rising.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { escapeHtml } from '../../src/site/docs/escape.js';
import { axeViolations, chromiumPath, launchChromium, type Browser } from '../support/chromium.js';
import { ControllableFeeds } from '../support/feeds.js';
import { useServer } from '../support/suite.js';

/** Noon in the park, so today's plan is a plan of the day itself. */
const clock = new ManualClock(Date.parse('2026-11-21T17:00:00Z'));
const feeds = new ControllableFeeds();
const ctx = useServer({ clock, feeds: feeds.build });
const MINUTE = 60_000;
const RIDES = ['space-mountain', 'peter-pans-flight', 'haunted-mansion'];
const PLAN = '/parks/magic-kingdom/plan';

async function page(path: string): Promise<string> {
  const response = await ctx.server.get(path);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  return response.text();
}

describe('the plan page', () => {
  it('is linked from the park page', async () => {
    expect(await page('/parks/magic-kingdom')).toContain(`href="${PLAN}"`);
  });

  it('serves the form with rides grouped by land and labelled inputs', async () => {
    const html = await page(PLAN);
    expect(html).toContain('<form method="get" action="/parks/magic-kingdom/plan"');
    expect(html).toMatch(/<fieldset class="land"><legend>[^<]+<\/legend>/);
    expect(html).toContain('name="rides" value="space-mountain"');
    for (const id of ['plan-date', 'plan-start', 'plan-end', 'plan-pace'])
      expect(html).toContain(`for="${id}"`);
    expect(html).not.toContain('id="plan"');
  });

  it('renders the plan for the chosen rides, the same order the endpoint gives', async () => {
    const rides = ['space-mountain', 'peter-pans-flight', 'haunted-mansion'];
    const html = await page(`${PLAN}?${rides.map((r) => `rides=${r}`).join('&')}&pace=fast`);
    expect(html).toContain('id="plan"');
    const api = (await (
      await ctx.server.get(`/v1/parks/magic-kingdom/plan?rides=${rides.join(',')}&pace=fast`)
    ).json()) as { steps: { ride_id: string }[]; not_planned: unknown[] };
    const order = [...html.matchAll(/<tr data-ride="([^"]+)"/g)].map((m) => m[1]);
    expect(order).toEqual(api.steps.map((step) => step.ride_id));
    expect(order.length).toBeGreaterThan(0);
    expect(order.length + api.not_planned.length).toBe(3);
    expect(html).toContain('In the order you chose');
    expect(html).toContain('No order can wait less than');
    // The form stays filled.
    expect(html).toContain('value="space-mountain" checked');
    expect(html).toMatch(/<option value="fast" selected>/);
  });

  it('renders meal breaks and a held return window in the timeline, from the form alone', async () => {
    const form = `${RIDES.map((r) => `rides=${r}`).join('&')}&break=13:00-13:45&break=&return_ride=space-mountain&return_window=14:00-15:00&return_ride=&return_window=`;
    const html = await page(`${PLAN}?${form}`);
    const api = (await (
      await ctx.server.get(
        `/v1/parks/magic-kingdom/plan?rides=${RIDES.join(',')}&break=13:00-13:45&return=space-mountain@14:00-15:00`,
      )
    ).json()) as { steps: { ride_id: string; via: string; depart_at: string }[] };
    const rows = [...html.matchAll(/<tr (?:data-ride="([^"]+)"|class="break-row")/g)].map(
      (m) => m[1] ?? 'break',
    );
    // The break sits between the last step leaving before 13:00 and the first after it.
    const breakStart = Date.parse('2026-11-21T18:00:00Z');
    const before = api.steps.filter((s) => Date.parse(s.depart_at) <= breakStart).map((s) => s.ride_id);
    const after = api.steps.filter((s) => Date.parse(s.depart_at) > breakStart).map((s) => s.ride_id);
    expect(rows).toEqual([...before, 'break', ...after]);
    expect(html).toContain('<th scope="row">Break</th><td colspan="7">1:00 PM–1:45 PM');
    const held = api.steps.find((s) => s.ride_id === 'magic-kingdom_space-mountain');
    expect(held?.via).toBe('return_window');
    expect(html).toMatch(
      /<tr data-ride="magic-kingdom_space-mountain" [^>]*data-via="return_window">[\s\S]*?<strong>return window<\/strong> <span class="note">\(held 2:00 PM–3:00 PM\)/,
    );
    // The form keeps the break and the window, with an empty slot for one more of each.
    expect(html).toContain('name="break" placeholder="12:00-12:45" size="11" value="13:00-13:45"');
    expect(html).toMatch(/id="plan-break-2" name="break"[^>]*value=""/);
    expect(html).toMatch(
      /<select id="plan-return-ride-1" name="return_ride">[\s\S]*?value="space-mountain" selected/,
    );
    expect(html).toContain(
      'id="plan-return-window-1" name="return_window" placeholder="10:05-11:05" size="11" value="14:00-15:00"',
    );
    expect(html).toContain('id="plan-return-ride-2"');
  });

  it.each([
    ['end before start', 'start=11:00&end=09:00', 'start=11:00&end=09:00'],
    ['a date past the horizon', 'date=2999-01-01', 'date=2999-01-01'],
    ['a malformed break', 'break=13:00-12:00', 'break=13:00-12:00'],
    [
      'a malformed return window',
      'return_ride=space-mountain&return_window=2pm',
      'return=space-mountain@2pm',
    ],
    [
      'a return window for a ride not chosen',
      'return_ride=haunted-mansion&return_window=14:00-15:00',
      'return=haunted-mansion@14:00-15:00',
    ],
    ['a window with no ride', 'return_ride=&return_window=14:00-15:00', 'return=@14:00-15:00'],
  ])('states %s with the endpoint’s message, the form kept filled', async (_case, form, query) => {
    const html = await page(`${PLAN}?rides=space-mountain&${form}`);
    const refused = (await (
      await ctx.server.get(`/v1/parks/magic-kingdom/plan?rides=space-mountain&${query}`)
    ).json()) as { error: { code: string; message: string } };
    expect(refused.error.code).toBe('invalid_request');
    expect(html).toMatch(/<p class="banner nodata" role="alert" id="plan-problem">/);
    expect(html).toContain(escapeHtml(refused.error.message));
    expect(html).toContain('value="space-mountain" checked');
    expect(html).not.toContain('id="plan"');
  });
});

interface PageGlobals {
  readonly document: { readonly documentElement: { readonly scrollWidth: number } };
}

interface RowElement {
  getAttribute(name: string): string | null;
  readonly className: string;
}

/** The timeline as the page shows it now: ride IDs, and `break` for a break row. */
function timeline(page: Page): Promise<string[]> {
  return page.$$eval('#plan-steps tr', (trs: RowElement[]) =>
    trs.map((tr) => (tr.className === 'break-row' ? 'break' : (tr.getAttribute('data-ride') ?? ''))),
  );
}

describe.skipIf(!chromiumPath())('the plan page in a browser', () => {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  interface Opened {
    readonly page: Page;
    /** Console errors and uncaught exceptions since the page opened. */
    readonly errors: string[];
  }

  async function open(width: number, setUp?: (page: Page) => Promise<void>): Promise<Opened> {
    if (!browser) throw new Error('no browser');
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.setViewportSize({ width, height: 900 });
    await setUp?.(page);
    return { page, errors };
  }

  async function expectFits(page: Page, width: number): Promise<void> {
    const overflow = await page.evaluate(
      () => (globalThis as unknown as PageGlobals).document.documentElement.scrollWidth,
    );
    expect(overflow).toBeLessThanOrEqual(width);
  }

  for (const width of [390, 1280]) {
    it(`at ${width} px with scripts off: the form's breaks and held window reach the timeline, axe-clean`, async () => {
      let scripts: ((on: boolean) => Promise<unknown>) | undefined;
      const { page, errors } = await open(width, async (page) => {
        const cdp = await page.context().newCDPSession(page);
        scripts = (on) => cdp.send('Emulation.setScriptExecutionDisabled', { value: !on });
        await scripts(false);
      });
      try {
        await page.goto(`${ctx.server.url}${PLAN}`, { waitUntil: 'load' });
        for (const slug of RIDES) await page.check(`input[name=rides][value=${slug}]`);
        await page.fill('#plan-break-1', '13:00-13:45');
        await page.selectOption('#plan-return-ride-1', 'space-mountain');
        await page.fill('#plan-return-window-1', '14:00-15:00');
        await Promise.all([page.waitForURL(/rides=/), page.click('#plan-form button[type=submit]')]);
        const rows = await timeline(page);
        expect(rows).toContain('break');
        expect(rows.filter((row) => row !== 'break')).toHaveLength(RIDES.length);
        expect(
          await page.textContent('#plan-steps tr[data-ride="magic-kingdom_space-mountain"] td:last-child'),
        ).toBe('return window (held 2:00 PM–3:00 PM)');
        expect(await page.textContent('#plan-steps tr.break-row')).toContain('1:00 PM–1:45 PM');
        // No script ran: no tick boxes, the server's words in the status line.
        expect(await page.$$('#plan-steps .tick')).toHaveLength(0);
        // axe-core is itself a script: allowed now, after the page has loaded without its own.
        await scripts?.(true);
        expect(await axeViolations(page)).toEqual([]);
        await expectFits(page, width);
        expect(errors).toEqual([]);
      } finally {
        await page.close();
      }
    });

    it(`at ${width} px: the form renders the plan, ticking a ride re-plans without it, axe-clean`, async () => {
      const { page, errors } = await open(width);
      try {
        await page.goto(`${ctx.server.url}${PLAN}`, { waitUntil: 'load' });
        expect(await axeViolations(page)).toEqual([]);
        for (const slug of RIDES) await page.check(`input[name=rides][value=${slug}]`);
        await page.fill('#plan-break-1', '15:00-15:30');
        await Promise.all([page.waitForURL(/rides=/), page.click('#plan-form button[type=submit]')]);
        const rides = async () => (await timeline(page)).filter((row) => row !== 'break');
        const before = await rides();
        expect(before.length).toBeGreaterThan(1);
        expect(await timeline(page)).toContain('break');
        expect(await axeViolations(page)).toEqual([]);
        await expectFits(page, width);
        const first = before[0] ?? '';
        await page.click(`#plan-steps tr[data-ride="${first}"] .tick input`);
        await expect.poll(async () => (await rides()).includes(first)).toBe(false);
        expect((await rides()).length).toBe(before.length - 1);
        // The script's re-plan keeps the break in the timeline and says why it re-planned.
        expect(await timeline(page)).toContain('break');
        expect(await page.textContent('#plan-live')).toMatch(
          /^Re-planned at \d{1,2}:\d\d [AP]M because you rode /,
        );
        expect(page.url()).toContain(`from=${encodeURIComponent(first)}`);
        expect(await axeViolations(page)).toEqual([]);
        await page.reload({ waitUntil: 'load' });
        expect(await rides()).not.toContain(first);
        expect(errors).toEqual([]);
      } finally {
        await page.close();
      }
    });
  }

  it('re-plans from the stream when a planned ride goes down and when waits rise, at most every 30 s', async () => {
    // The page's timers run on a clock the test moves, starting at the server's simulated time; it
    // also runs on by itself, but the few seconds to the first change are well inside the 30 s.
    const { page, errors } = await open(1280, (page) => page.clock.install({ time: clock.now() }));
    try {
      const query = RIDES.map((r) => `rides=${r}`).join('&');
      await page.goto(`${ctx.server.url}${PLAN}?${query}`, { waitUntil: 'load' });
      await page.waitForSelector('#plan-steps[data-stream]');
      const ridden = (await timeline(page)).filter((row) => row !== 'break');
      expect(ridden.length).toBeGreaterThan(1);
      const first = ridden[0] ?? '';
      const name = (await page.getAttribute(`#plan-steps tr[data-ride="${first}"]`, 'data-name')) ?? '';
      const status = () => page.textContent('#plan-live');

      // A real change on the feed, ingested and pushed over the stream.
      const streamed = await page.getAttribute('#plan-steps', 'data-stream');
      feeds.forced.set(first, 'DOWN');
      clock.advance(MINUTE);
      await ctx.server.app.ingest.refreshAll();
      await expect.poll(() => page.getAttribute('#plan-steps', 'data-stream')).not.toBe(streamed);
      // Within 30 s of the page's own plan the re-plan waits for the throttle.
      expect(await page.getAttribute('#plan-steps', 'data-replanned')).toBeNull();
      await page.clock.fastForward(30_000);
      await expect.poll(status).toMatch(new RegExp(`because ${name} went down\\.$`));
      expect(await status()).toMatch(/^Re-planned at 12:01 PM/);
      expect((await timeline(page)).slice(0, 1)).not.toEqual([first]);
      const plan = (await (
        await ctx.server.get(`/v1/parks/magic-kingdom/plan?rides=${RIDES.join(',')}`)
      ).json()) as {
        steps: { ride_id: string }[];
        not_planned: { ride_id: string }[];
        totals: { wait_minutes: number };
      };
      expect((await timeline(page)).filter((row) => row !== 'break')).toEqual(
        plan.steps.map((s) => s.ride_id),
      );
      // The totals and what could not be planned follow the new plan too.
      expect(await page.textContent('#plan-totals li')).toMatch(
        new RegExp(`^Wait ${Math.round(plan.totals.wait_minutes)} min, `),
      );
      expect(await page.isVisible('#plan-missing')).toBe(plan.not_planned.length > 0);
      if (plan.not_planned.some((n) => n.ride_id === first))
        expect(await page.textContent('#plan-not-planned')).toContain(name);

      // Every posted wait triples: a planned ride's wait rises by far more than the threshold.
      feeds.surges.set('magic-kingdom', { from: clock.now(), factor: 3 });
      clock.advance(MINUTE);
      await ctx.server.app.ingest.refreshAll();
      await page.clock.fastForward(30_000);
      await expect.poll(status).toMatch(/because .+’s wait rose to \d+ min\.$/);
      expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      feeds.forced.clear();
      feeds.surges.clear();
      await page.close();
    }
  });
});
