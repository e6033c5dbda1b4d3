import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { chromiumPath, launchChromium, type Browser } from '../support/chromium.js';
import { useServer } from '../support/suite.js';

/** Noon in the park, so today's plan is a plan of the day itself. */
const ctx = useServer({ clock: new ManualClock(Date.parse('2026-11-21T17:00:00Z')) });
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
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

  it('states a bad choice on the page, with the form kept filled', async () => {
    const html = await page(`${PLAN}?rides=space-mountain&start=11:00&end=09:00`);
    expect(html).toContain('role="alert"');
    expect(html).toContain('End (09:00) must be after start (11:00)');
    expect(html).toContain('value="space-mountain" checked');
    expect(html).toContain('value="11:00"');
    const past = await page(`${PLAN}?rides=space-mountain&date=2999-01-01`);
    expect(past).toContain('role="alert"');
    expect(past).toContain('2999-01-01');
  });
});

interface PageGlobals {
  readonly document: { readonly documentElement: { readonly scrollWidth: number } };
}

/** Serious and critical axe-core findings on the page as it is now. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: {
          run(): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    return (await axe.run()).violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      target: v.nodes[0]?.target,
    }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${String(v.target)}`);
}

describe.skipIf(!chromiumPath())('the plan page in a browser', () => {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const width of [390, 1280]) {
    it(`at ${width} px: the form renders the plan, ticking a ride re-plans without it, axe-clean`, async () => {
      if (!browser) throw new Error('no browser');
      const page = await browser.context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      try {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${ctx.server.url}${PLAN}`, { waitUntil: 'load' });
        expect(await axeViolations(page)).toEqual([]);
        for (const slug of ['space-mountain', 'peter-pans-flight', 'haunted-mansion'])
          await page.check(`input[name=rides][value=${slug}]`);
        await Promise.all([page.waitForURL(/rides=/), page.click('#plan-form button[type=submit]')]);
        const rows = () =>
          page.$$eval('#plan-steps tr', (trs: { getAttribute(name: string): string | null }[]) =>
            trs.map((tr) => tr.getAttribute('data-ride') ?? ''),
          );
        const before = await rows();
        expect(before.length).toBeGreaterThan(1);
        expect(await axeViolations(page)).toEqual([]);
        const overflow = await page.evaluate(
          () => (globalThis as unknown as PageGlobals).document.documentElement.scrollWidth,
        );
        expect(overflow).toBeLessThanOrEqual(width);
        const first = before[0] ?? '';
        await page.click(`#plan-steps tr[data-ride="${first}"] .tick input`);
        await expect.poll(async () => (await rows()).includes(first)).toBe(false);
        expect((await rows()).length).toBe(before.length - 1);
        expect(page.url()).toContain(`from=${encodeURIComponent(first)}`);
        await page.reload({ waitUntil: 'load' });
        expect(await rows()).not.toContain(first);
        expect(errors).toEqual([]);
      } finally {
        await page.close();
      }
    });
  }
});
