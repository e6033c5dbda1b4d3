/**
 * The website over HTTP: every address an `attribution.url` can hold answers its HTML page, unknown
 * parks and rides a real HTML 404 with links, pages are prepared like API bodies (ETag, 304,
 * brotli), and a park without current live data shows "No live data", never an old number.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Catalog } from '../../src/catalog/catalog.js';
import { ManualClock } from '../../src/lib/clock.js';
import { ControllableFeeds } from '../support/feeds.js';
import { SITE_URL, startServer, type TestServer } from '../support/server.js';

const NOON_NEW_YORK = Date.parse('2026-11-21T17:00:00Z');
const clock = new ManualClock(NOON_NEW_YORK);
const feeds = new ControllableFeeds();
const catalog = Catalog.load();
let server: TestServer;

const escaped = (text: string) => text.replaceAll('&', '&amp;').replaceAll("'", '&#39;');

/** The path of a site address (SITE_URL in these tests is not this server's address). */
const pathOf = (url: string) => {
  expect(url.startsWith(SITE_URL)).toBe(true);
  return url.slice(SITE_URL.length) || '/';
};

beforeAll(async () => {
  server = await startServer({ clock, feeds: feeds.build });
});

afterAll(async () => {
  await server.close();
});

async function page(path: string, init?: RequestInit) {
  const response = await server.get(path, init);
  return { response, html: await response.text() };
}

describe('pages behind the attribution links', () => {
  it('answers every attribution address the API hands out with its HTML page', async () => {
    const urls = new Set<string>();
    for (const path of [
      '/v1/parks',
      '/v1/resorts',
      '/v1/parks/magic-kingdom/waits',
      '/v1/parks/epcot/rides',
    ]) {
      const body = (await (await server.get(path)).json()) as { attribution: { url: string } };
      urls.add(body.attribution.url);
    }
    const rides = (await (await server.get('/v1/parks/dca/rides')).json()) as {
      rides: { url: string }[];
      attribution: { url: string };
    };
    for (const ride of rides.rides) urls.add(ride.url);
    const ride = (await (await server.get('/v1/rides/magic-kingdom_space-mountain')).json()) as {
      attribution: { url: string };
    };
    urls.add(ride.attribution.url);
    for (const url of urls) {
      const { response, html } = await page(pathOf(url));
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      // The page shows its own attribution: the text, linked to the address that led here.
      expect(html, url).toContain(`<a href="${url}">Live data from queuecast.test</a>`);
    }
  });

  it('has a page for every park and every attraction of the catalog', async () => {
    for (const park of catalog.parks) {
      const { response, html } = await page(`/parks/${park.key}`);
      expect(response.status, park.key).toBe(200);
      expect(html).toContain(`<h1>${escaped(park.name)}</h1>`);
    }
    const attractions = catalog.parks.flatMap((park) => park.attractions);
    const statuses = await Promise.all(
      attractions.map(
        async (ride) => (await server.get(`/parks/${ride.park_key}/rides/${ride.slug}`)).status,
      ),
    );
    expect(new Set(statuses)).toEqual(new Set([200]));
  });

  it('lists every resort and park on the home page with a status and today’s hours in the park’s zone', async () => {
    const { response, html } = await page('/');
    expect(response.status).toBe(200);
    for (const resort of catalog.resorts) expect(html).toContain(escaped(resort.name));
    for (const park of catalog.parks) expect(html).toContain(`href="/parks/${park.key}"`);
    // Noon in New York: Magic Kingdom is open, and its hours read as Eastern times.
    const card = html.slice(html.indexOf('href="/parks/magic-kingdom"'));
    expect(card.slice(0, 300)).toMatch(/<span class="status open">Open<\/span>/);
    expect(card.slice(0, 400)).toMatch(/Open \d{1,2}:\d{2} AM–\d{1,2}:\d{2} PM/);
  });

  it('shows each park’s crowd level today, as the crowds endpoint gives it', async () => {
    const { html } = await page('/');
    const crowds = html.slice(html.indexOf('<section id="crowds"'));
    expect(crowds.length).toBeLessThan(html.length);
    for (const park of catalog.parks) {
      const body = (await (await server.get(`/v1/parks/${park.key}/crowds`)).json()) as {
        date: string;
        forecasts: { date: string; crowd_level: number }[];
      };
      const row = crowds.slice(crowds.indexOf(`href="/parks/${park.key}#crowds"`)).slice(0, 300);
      const today = body.forecasts.find((forecast) => forecast.date === body.date);
      // One recorded day (a Friday) models Fridays only: a Saturday has no forecast yet.
      if (today) expect(row).toContain(`class="crowd c${today.crowd_level}">`);
      else expect(row).toContain('No data yet');
    }
  });

  it('shows today’s hours and showtimes, conditions and the 30-day crowd calendar on the park page', async () => {
    const { html } = await page('/parks/magic-kingdom');
    const section = (id: string) => {
      const start = html.indexOf(`<section id="${id}"`);
      expect(start).toBeGreaterThan(0);
      return html.slice(start, html.indexOf('</section>', start));
    };
    const hours = (await (await server.get('/v1/parks/magic-kingdom/hours')).json()) as {
      days: { windows: { name: string }[] }[];
    };
    const today = section('today');
    for (const window of hours.days[0]?.windows ?? []) expect(today).toContain(escaped(window.name));
    expect(today).toMatch(/\d{1,2}:\d{2} AM–\d{1,2}:\d{2} PM/);
    const shows = (await (await server.get('/v1/parks/magic-kingdom/showtimes')).json()) as {
      showtimes: { name: string }[];
    };
    expect(shows.showtimes.length).toBeGreaterThan(0);
    for (const show of shows.showtimes) expect(today).toContain(escaped(show.name));

    const conditions = section('conditions');
    expect(conditions).toContain('Lightning risk');
    const live = (await (await server.get('/v1/parks/magic-kingdom/conditions')).json()) as {
      ride_counts: { operating: number };
    };
    expect(conditions).toContain(`<dt>Operating</dt><dd>${live.ride_counts.operating}</dd>`);

    const calendar = section('crowds');
    const crowds = (await (await server.get('/v1/parks/magic-kingdom/crowds?days=30')).json()) as {
      forecasts: { date: string; crowd_level: number }[];
    };
    // The API leaves out days the models cannot forecast yet; the calendar lists the same days.
    expect(crowds.forecasts.length).toBeGreaterThan(0);
    expect(calendar.match(/<tr><td data-date=/g)).toHaveLength(crowds.forecasts.length);
    for (const forecast of crowds.forecasts)
      expect(calendar).toMatch(
        new RegExp(`data-date="${forecast.date}".{0,80}class="crowd c${forecast.crowd_level}">`),
      );
  });

  it('renders the park page sections from the same data as the API', async () => {
    const { html } = await page('/parks/magic-kingdom');
    for (const id of ['waits', 'today', 'conditions', 'priority-lane', 'outages', 'crowds', 'reliability'])
      expect(html).toContain(`<section id="${id}"`);
    const waits = (await (await server.get('/v1/parks/magic-kingdom/waits')).json()) as {
      entries: {
        ride_id: string;
        standby_wait_minutes: number | null;
        estimated_actual_wait_minutes: number | null;
        estimated_actual_low_minutes: number | null;
        estimated_actual_high_minutes: number | null;
      }[];
    };
    const operating = waits.entries.find((entry) => entry.standby_wait_minutes !== null);
    if (!operating) throw new Error('no posted wait at Magic Kingdom');
    const row = html.slice(html.indexOf(`data-id="${operating.ride_id}"`));
    // The estimate beside the posted wait, worded as one.
    expect(row.slice(0, 700)).toContain(
      `<td class="num">${operating.standby_wait_minutes} min<span class="sub actual">≈ ${operating.estimated_actual_wait_minutes} min actual (est. ${operating.estimated_actual_low_minutes}–${operating.estimated_actual_high_minutes})</span></td>`,
    );
    expect(html).toContain('Times are park time (EST)');
  });

  it('filters and sorts the waits table without JavaScript, through the query', async () => {
    const { html } = await page('/parks/magic-kingdom?type=ride&land=Tomorrowland&sort=wait');
    const body = html.slice(html.indexOf('<tbody>'), html.indexOf('</tbody>'));
    const lands = [...body.matchAll(/data-type="(\w+)" data-land="([^"]*)"/g)];
    expect(lands.length).toBeGreaterThan(1);
    for (const [, type, land] of lands) expect([type, land]).toEqual(['ride', 'Tomorrowland']);
    const waits = [
      ...body.matchAll(
        /<td class="num">(\d+) min(?:<span class="sub actual">[^<]*<\/span>)?<\/td>\n<td class="num col-sr">/g,
      ),
    ].map((m) => Number(m[1]));
    expect(waits.length).toBeGreaterThan(1);
    expect(waits).toEqual([...waits].sort((a, b) => b - a));
    // An unknown filter shows the whole table rather than an error.
    expect((await server.get('/parks/magic-kingdom?type=boat&land=Atlantis')).status).toBe(200);
  });

  it('redirects an alias to the one address of the page', async () => {
    const park = await server.get('/parks/mk', { redirect: 'manual' });
    expect(park.status).toBe(301);
    expect(park.headers.get('location')).toBe('/parks/magic-kingdom');
    const ride = await server.get('/parks/mk/rides/magic-kingdom_space-mountain', { redirect: 'manual' });
    expect(ride.headers.get('location')).toBe('/parks/magic-kingdom/rides/space-mountain');
  });

  it('shows a ride’s facts, live wait, history, outages and reliability', async () => {
    const { html } = await page('/parks/magic-kingdom/rides/space-mountain');
    for (const id of ['live', 'history', 'best-times', 'facts', 'outages', 'reliability'])
      expect(html).toContain(`<section id="${id}"`);
    expect(html).toContain('<h1>Space Mountain</h1>');
    const ride = (await (await server.get('/v1/rides/magic-kingdom_space-mountain')).json()) as {
      live: { standby_wait_minutes: number | null; estimated_actual_wait_minutes: number | null };
    };
    if (ride.live.standby_wait_minutes !== null) {
      expect(html).toContain(
        `<p class="actual-wait">≈ ${ride.live.estimated_actual_wait_minutes} min actual (est. `,
      );
    } else {
      expect(html).not.toContain('min actual (est.');
    }
    expect(html).toMatch(
      /<script type="application\/json" id="chart-data">\{"zone":"America\/New_York","t":\[\d+/,
    );
    expect(html).toMatch(/<script defer src="\/assets\/uplot\.[\w-]+\.js"><\/script>/);
  });

  it('shows the best-times chart for the chosen date with its band and typical line, and a table', async () => {
    // A Friday six days ahead: the recorded Friday gives the models data for it.
    const date = '2026-11-27';
    const api = (await (
      await server.get(`/v1/rides/magic-kingdom_space-mountain/best-times?date=${date}`)
    ).json()) as {
      predicted_hours: { predicted_wait_minutes: number; lower_bound: number; upper_bound: number }[];
      typical_hours: { typical_wait_minutes: number }[];
    };
    expect(api.predicted_hours.length).toBeGreaterThan(0);
    const { response, html } = await page(`/parks/magic-kingdom/rides/space-mountain?date=${date}`);
    expect(response.status).toBe(200);
    const start = html.indexOf('<section id="best-times"');
    expect(start).toBeGreaterThan(0);
    const section = html.slice(start, html.indexOf('</section>', start));
    expect(section).toContain(`value="${date}"`);
    expect(section).toContain('Friday, November 27');
    const data = JSON.parse(
      section.slice(
        section.indexOf('id="best-data">') + 'id="best-data">'.length,
        section.lastIndexOf('</script>'),
      ),
    ) as {
      t: number[];
      predicted: (number | null)[];
      lower: (number | null)[];
      upper: (number | null)[];
      typical: (number | null)[];
    };
    expect(data.t.length).toBeGreaterThan(0);
    const predicted = data.predicted.filter((v) => v !== null);
    expect(predicted.length).toBeGreaterThan(0);
    const apiPredicted = api.predicted_hours.map((hour) => hour.predicted_wait_minutes);
    for (const value of predicted) expect(apiPredicted).toContain(value);
    data.lower.forEach((low, i) => {
      if (low !== null) expect(low).toBeLessThanOrEqual(data.upper[i] ?? -1);
    });
    expect(data.typical.some((v) => v !== null)).toBe(true);
    // The same numbers as a table for readers without JavaScript.
    expect(section.match(/<tr><td>\d{2}:00<\/td>/g)).toHaveLength(data.t.length);

    // A date outside the API's accepted window: today, with a message naming the accepted dates.
    const refused = await page('/parks/magic-kingdom/rides/space-mountain?date=2027-05-01');
    expect(refused.response.status).toBe(200);
    expect(refused.html).toContain('That date cannot be shown');
    expect(refused.html).toContain('value="2026-11-21"');
    const malformed = await page('/parks/magic-kingdom/rides/space-mountain?date=tomorrow');
    expect(malformed.html).toContain('That date cannot be shown');
    // Today's page keeps no message.
    expect((await page('/parks/magic-kingdom/rides/space-mountain')).html).not.toContain(
      'That date cannot be shown',
    );
  });
});

describe('not found', () => {
  it('answers an unknown park with an HTML 404 linking every park', async () => {
    const { response, html } = await page('/parks/atlantis');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(html).toContain('There is no park &quot;atlantis&quot;.');
    for (const park of catalog.parks) expect(html).toContain(`<a href="/parks/${park.key}">`);
  });

  it('answers an unknown ride with an HTML 404 linking the park’s attractions', async () => {
    const { response, html } = await page('/parks/epcot/rides/not-a-ride');
    expect(response.status).toBe(404);
    expect(html).toContain('href="/parks/epcot/rides/test-track"');
    expect(html).toContain(`<a href="${SITE_URL}/parks/epcot">Live data from queuecast.test</a>`);
  });
});

describe('prepared like API bodies', () => {
  it('answers with an ETag, brotli when accepted, 304 when it matches, and one build per version', async () => {
    const first = await server.get('/parks/epcot', { headers: { 'accept-encoding': 'br' } });
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('content-encoding')).toBe('br');
    expect(first.headers.get('cache-control')).toBe('public, max-age=5');
    const again = await server.get('/parks/epcot', { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);
    // The next refresh changes the data version: a new body, a new ETag.
    clock.advance(60_000);
    await server.app.ingest.refreshAll();
    const later = await server.get('/parks/epcot', { headers: { 'if-none-match': etag ?? '' } });
    expect(later.status).toBe(200);
    expect(later.headers.get('etag')).not.toBe(etag);
  });

  it('keeps the home page while only a ride changes: it shows each park’s status, not its rides', async () => {
    const lane = server.app.server.preparedLane;
    await server.get('/');
    const version = () => server.app.context.services.live.version('epcot');
    const before = version();
    feeds.forced.set('epcot_test-track', 'DOWN');
    try {
      await server.app.ingest.refreshAll();
      expect(version(), 'Epcot’s live data changed').not.toBe(before);
      // The home page is still current: answered before the router, with no new build.
      const answered = lane.answered;
      expect((await server.get('/')).status).toBe(200);
      expect(lane.answered).toBe(answered + 1);
    } finally {
      feeds.forced.delete('epcot_test-track');
    }
  });

  it('answers a built page before the router, with the router’s bytes and headers', async () => {
    const lane = server.app.server.preparedLane;
    for (const path of ['/', '/parks/epcot?type=ride', '/parks/epcot/rides/test-track']) {
      const built = await server.get(path, { headers: { 'accept-encoding': 'br' } });
      const before = lane.answered;
      const again = await server.get(path, { headers: { 'accept-encoding': 'br' } });
      expect(lane.answered, path).toBe(before + 1);
      expect(again.headers.get('etag')).toBe(built.headers.get('etag'));
      expect(again.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(again.headers.get('cache-control')).toBe('public, max-age=5');
      expect(await again.text()).toBe(await built.text());
    }
    // Redirects and 404s stay with the router.
    const before = lane.answered;
    await server.get('/parks/mk', { redirect: 'manual' });
    await server.get('/parks/epcot/rides/nothing');
    expect(lane.answered).toBe(before);
  });

  it('serves scripts and styles from this process under content-hashed names, for a year', async () => {
    const { html } = await page('/parks/magic-kingdom/rides/space-mountain');
    const addresses = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1] ?? '');
    expect(addresses.length).toBe(3);
    for (const address of addresses) {
      const response = await server.get(address, { headers: { 'accept-encoding': 'gzip' } });
      expect(response.status, address).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('content-encoding')).toBe('gzip');
    }
    expect((await server.get('/assets/uplot.0000000000.js')).status).toBe(404);
  });
});

describe('no live data', () => {
  it('shows "No live data" and no numbers once the park’s upstream fails', async () => {
    feeds.failing.add('disneyland');
    try {
      clock.advance(60_000);
      await server.app.ingest.refreshAll();
      const api = (await (await server.get('/v1/parks/disneyland/waits')).json()) as { data_status: string };
      expect(api.data_status).toBe('unavailable');
      const { html } = await page('/parks/disneyland');
      expect(html).toContain('<strong>No live data.</strong>');
      const table = html.slice(html.indexOf('<tbody>'), html.indexOf('</tbody>'));
      expect(table).not.toMatch(/\d+ min/);
      expect(table).toContain('No live data');
      const ride = await page('/parks/disneyland/rides/space-mountain');
      const live = ride.html.slice(
        ride.html.indexOf('<section id="live"'),
        ride.html.indexOf('<section id="history"'),
      );
      expect(live).toContain('No live data.');
      expect(live).not.toMatch(/\d+ min/);
      const home = (await page('/')).html;
      expect(home.slice(home.indexOf('href="/parks/disneyland"')).slice(0, 200)).toContain('No live data');
    } finally {
      feeds.failing.delete('disneyland');
    }
  });
});
