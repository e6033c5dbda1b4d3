import { describe, expect, it } from 'vitest';
import { useServer } from '../support/suite.js';

const ctx = useServer();
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
    ).json()) as { steps: { name: string }[]; not_planned: unknown[] };
    const order = [...html.matchAll(/<tr data-ride="([^"]+)">/g)].map((m) => m[1]);
    expect(order.length).toBe(api.steps.length);
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
