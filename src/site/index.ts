/**
 * The website served by this process, outside `/v1`: the pages every `attribution.url` points to
 * (home, park and ride pages, an HTML 404 for the rest), their scripts and styles, the developer
 * documentation and the free-key sign-up. Pages read the services the API reads and are prepared
 * like API bodies (ETag, compression, 304), once per version of their data.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';
import type { ApiContext } from '../http/context.js';
import { PreparedBody, sendPrepared } from '../http/prepared/body.js';
import type { PreparedLookup } from '../http/prepared/lane.js';
import { parseQueryString } from '../http/params.js';
import { cacheControl } from '../http/response-headers.js';
import type { ApiServer } from '../http/server-types.js';
import { ASSET_CACHE_CONTROL, SiteAssets } from './assets/index.js';
import { renderDocsHtml, renderDocsMarkdown, type DocsOptions } from './docs/index.js';
import { renderReferencePage } from './docs/reference-page.js';
import { renderStreamingGuide } from './docs/streaming-guide.js';
import { HomeVersion, homeFilter, homePageKey, renderHome } from './pages/home.js';
import { renderNotFound } from './pages/not-found.js';
import { HTML_CONTENT_TYPE, PageCache } from './pages/page-cache.js';
import { parkPageKey, parkPageVersion, renderParkPage } from './pages/park.js';
import { chooseBestTimesDate } from './pages/best-times-section.js';
import { renderPlanPage } from './pages/plan.js';
import { renderRidePage, ridePageKey, ridePageVersion } from './pages/ride.js';
import { parseWaitsQuery } from './pages/waits-table.js';
import { describeSources, sourceCredits } from '../feeds/sources.js';
import { registerSignup } from './signup/index.js';
import { TodayHoursReader } from './sources/today-hours.js';

const DOCS_MAX_AGE = 300;
/** The pages show live waits, which the API serves with max-age 5. */
const PAGE_MAX_AGE = 5;

export function registerSite(server: ApiServer, context: ApiContext): void {
  const assets = new SiteAssets();
  registerDocs(server, context, assets);
  registerPages(server, context, assets);
  registerSignup(server, context);
}

function registerPages(server: ApiServer, context: ApiContext, assets: SiteAssets): void {
  const { catalog, clock } = context;
  const hours = new TodayHoursReader(context.services.parkHours, clock);
  const home = new PageCache(clock, PAGE_MAX_AGE);
  const parks = new PageCache(clock, PAGE_MAX_AGE);
  const rides = new PageCache(clock, PAGE_MAX_AGE);
  const config = { maxAge: PAGE_MAX_AGE };

  const notFound = (reply: FastifyReply, what: string, park?: Parameters<typeof renderNotFound>[2]) =>
    reply
      .code(404)
      .type(HTML_CONTENT_TYPE)
      .send(renderNotFound(context, what, park));

  const homeInput = { hours };
  const homeVersion = new HomeVersion(homeInput, context);
  /** A park page's input, for the park's own key only (an alias is redirected by the router). */
  const parkInput = (identifier: string, query: Readonly<Record<string, unknown>>) => {
    const park = catalog.park(identifier);
    return park?.key === identifier ? { park, hours, query: parseWaitsQuery(park, query) } : undefined;
  };
  const rideInput = (parkKey: string, slug: string, query: Readonly<Record<string, unknown>>) => {
    const park = catalog.park(parkKey);
    const ride = park?.key === parkKey ? park.attractions.find((a) => a.slug === slug) : undefined;
    return park && ride
      ? { park, ride, bestTimes: chooseBestTimesDate(query.date, park, clock.now()) }
      : undefined;
  };
  const ridePageAssets = {
    scripts: [assets.uplotScript.url, assets.rideScript.url],
    styles: [assets.uplotStyle.url],
  };

  server.get('/', { schema: { hide: true }, config }, async (request, reply) => {
    const filter = homeFilter(request.query as Record<string, unknown>);
    return home.send(request, reply, homePageKey(filter), homeVersion.current(), () =>
      renderHome({ ...homeInput, filter }, context, [assets.homeScript.url]),
    );
  });

  server.get('/parks/:park', { schema: { hide: true }, config }, async (request, reply) => {
    const { park: identifier } = request.params as { park: string };
    const input = parkInput(identifier, request.query as Record<string, unknown>);
    if (!input) {
      const park = catalog.park(identifier);
      if (!park) return notFound(reply, `There is no park "${identifier}".`);
      return redirect(request, reply, `/parks/${park.key}`);
    }
    return parks.send(request, reply, parkPageKey(input), parkPageVersion(input, context), () =>
      renderParkPage(input, context, [assets.parkScript.url]),
    );
  });

  // A plan depends on the whole query and on live data, so it is rendered per request.
  server.get('/parks/:park/plan', { schema: { hide: true }, config }, async (request, reply) => {
    const { park: identifier } = request.params as { park: string };
    const park = catalog.park(identifier);
    if (!park) return notFound(reply, `There is no park "${identifier}".`);
    if (park.key !== identifier) return redirect(request, reply, `/parks/${park.key}/plan`);
    const html = await renderPlanPage(park, request.query as Record<string, unknown>, context, [
      assets.planScript.url,
    ]);
    return reply.header('cache-control', 'no-store').type(HTML_CONTENT_TYPE).send(html);
  });

  server.get('/parks/:park/rides/:ride', { schema: { hide: true }, config }, async (request, reply) => {
    const { park: parkId, ride: slug } = request.params as { park: string; ride: string };
    const input = rideInput(parkId, slug, request.query as Record<string, unknown>);
    if (!input) {
      const park = catalog.park(parkId);
      if (!park) return notFound(reply, `There is no park "${parkId}".`);
      // A ride ID, a name or an alias, or the park's alias: send the reader to the one address.
      const found = catalog.ride(slug, park);
      if (found.kind === 'found')
        return redirect(request, reply, `/parks/${park.key}/rides/${found.ride.slug}`);
      return notFound(reply, `${park.name} has no attraction "${slug}".`, park);
    }
    return rides.send(request, reply, ridePageKey(input), ridePageVersion(input, context), () =>
      renderRidePage(input, context, ridePageAssets),
    );
  });

  // Built pages are answered before the router, as prepared API bodies are (ADR 0006): the same
  // inputs, keys and versions as the routes above; anything else (a redirect, a 404, a page not
  // built yet) goes to the router.
  const lane = (url: string, lookup: PreparedLookup) => {
    server.preparedLane.add(url, { maxAge: PAGE_MAX_AGE, provider: false, rateLimited: false, lookup });
  };
  // A filtered home page (`?q=`) is the router's to answer.
  lane('/', (_params, query) => (query === '' ? home.peek('home', homeVersion.current()) : undefined));
  lane('/parks/:park', (params, query) => {
    const input = parkInput(params.park ?? '', parseQueryString(query));
    return input && parks.peek(parkPageKey(input), parkPageVersion(input, context));
  });
  lane('/parks/:park/rides/:ride', (params, query) => {
    const input = rideInput(params.park ?? '', params.ride ?? '', parseQueryString(query));
    return input && rides.peek(ridePageKey(input), ridePageVersion(input, context));
  });

  server.get('/assets/:file', { schema: { hide: true } }, async (request, reply) => {
    const found = assets.find(request.url.split('?')[0] ?? '');
    if (!found) return notFound(reply, 'There is no such file.');
    return sendPrepared(request, reply, found.body, ASSET_CACHE_CONTROL);
  });
}

/** 301 to the page's one address, keeping the query. */
function redirect(request: FastifyRequest, reply: FastifyReply, path: string): FastifyReply {
  const mark = request.url.indexOf('?');
  return reply.redirect(mark < 0 ? path : `${path}${request.url.slice(mark)}`, 301);
}

function registerDocs(server: ApiServer, context: ApiContext, assets: SiteAssets): void {
  const { links, config } = context;
  const options: DocsOptions = {
    siteUrl: config.siteUrl,
    baseUrl: config.baseUrl,
    markdownUrl: links.docsMarkdown,
    htmlUrl: links.docsHtml,
    openapiUrl: links.openapi,
    streamUrl: links.stream,
    streamingGuideUrl: links.streamingGuide,
    referenceUrl: `${config.siteUrl}/docs/reference`,
    dataSources: describeSources(config.feed, config.weather),
    credits: sourceCredits(config.feed),
  };
  // openapi-types' 3.1 types reject `{ type: 'null' }`, which the generated document validly contains.
  const document = () => server.swagger() as unknown as OpenAPIV3_1.Document;
  const docsCacheControl = cacheControl(DOCS_MAX_AGE);
  /**
   * Serves `render`'s text prepared like an API body (ETag, brotli/gzip, 304). The document is
   * complete only once every route is registered, so each page is rendered on its first request.
   */
  const serveOnce = (url: string, contentType: string, render: () => string) => {
    let body: PreparedBody | undefined;
    server.get(url, { schema: { hide: true }, config: { maxAge: DOCS_MAX_AGE } }, async (request, reply) => {
      body ??= new PreparedBody(Buffer.from(render()), contentType);
      return sendPrepared(request, reply, body, docsCacheControl);
    });
  };
  serveOnce('/docs', HTML_CONTENT_TYPE, () => renderDocsHtml(document(), options));
  serveOnce('/docs.md', 'text/markdown; charset=utf-8', () => renderDocsMarkdown(document(), options));
  serveOnce('/docs/streaming', HTML_CONTENT_TYPE, () => renderStreamingGuide(context));
  serveOnce('/docs/reference', HTML_CONTENT_TYPE, () =>
    renderReferencePage(context, {
      scripts: [assets.swaggerScript.url, assets.referenceScript.url],
      styles: [assets.swaggerStyle.url],
    }),
  );
}
