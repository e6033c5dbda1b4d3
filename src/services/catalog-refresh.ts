/**
 * Keeps the parks a feed discovered in the catalog (PARKS other than `spec`): at start-up and once
 * a day, reads the feed's listing and each chosen park's details, merges them beside the spec's ten
 * with the keys kept in the store, stores new keys and removals, and swaps the catalog's indexes.
 * A failed read keeps what is served: a park whose details could not be read stays as stored.
 */
import type { Logger } from 'pino';
import type { Catalog } from '../catalog/catalog.js';
import type { CatalogDiscovery, DiscoveredPark } from '../catalog/discovered.js';
import type { CatalogData } from '../catalog/load.js';
import { chooseParks, matches, specParkFor, type ChosenPark } from '../catalog/merge.js';
import { mergeDiscovered } from '../catalog/merge.js';
import type { ParksSetting } from '../config/index.js';
import type { Clock } from '../lib/clock.js';
import type { CatalogKeyStore } from '../store/ports.js';

/** The catalog is read again once a day: parks and rides change on the scale of seasons. */
export const CATALOG_REFRESH_MS = 24 * 60 * 60_000;

/** Parks described at once: each is one or two upstream reads, spread under the read budget. */
const DESCRIBE_CONCURRENCY = 4;

export interface CatalogRefreshOptions {
  readonly catalog: Catalog;
  readonly discovery: CatalogDiscovery;
  readonly store: CatalogKeyStore;
  readonly setting: ParksSetting;
  readonly clock: Clock;
  readonly logger: Logger;
}

export class CatalogRefresh {
  private readonly spec: CatalogData;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(private readonly options: CatalogRefreshOptions) {
    // The catalog as the data files make it: the spec's ten, before any discovered park.
    this.spec = {
      resorts: options.catalog.resorts.filter((resort) => !resort.discovered),
      parks: options.catalog.parks.filter((park) => !park.discovered),
    };
  }

  /**
   * One pass. Throws a CatalogError when PARKS names something the feed does not list; a failed
   * listing read serves the stored parks as they were.
   */
  async refresh(): Promise<void> {
    this.running ??= this.pass().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  start(): void {
    this.timer = setInterval(() => {
      this.refresh().catch((error: unknown) => {
        this.options.logger.warn(
          { err: error },
          'catalog refresh failed; the parks served stay as they were',
        );
      });
    }, CATALOG_REFRESH_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private async pass(): Promise<void> {
    const { discovery, store, setting, clock, logger, catalog } = this.options;
    const stored = await store.catalogEntries(discovery.source);
    const stillChosen = (park: { feed_id: string; name: string; slug?: string }) =>
      setting.mode === 'all' ||
      (setting.mode === 'list' &&
        setting.entries.some((entry) => matches(entry, park.feed_id, park.name, park.slug)));

    let chosen: ChosenPark[];
    let resorts: { feed_id: string; name: string; slug?: string }[] = [];
    let listed: Set<string>;
    try {
      const listing = await discovery.listParks();
      chosen = chooseParks(listing, setting).filter((park) => !specParkFor(this.spec, park.feed_id));
      resorts = listing.resorts.map(({ feed_id, name, slug }) => ({
        feed_id,
        name,
        ...(slug ? { slug } : {}),
      }));
      listed = new Set(chosen.map((park) => park.feed_id));
    } catch (error) {
      if (error instanceof Error && error.name === 'CatalogError') throw error;
      logger.warn(
        { err: error, feed: discovery.source },
        'the feed listing could not be read; serving the stored parks',
      );
      chosen = [];
      // Unread is not unlisted: the stored parks stay as they were, none marked removed.
      listed = new Set(
        stored.filter((entry) => entry.kind === 'park' && entry.removed_at === null).map((e) => e.feed_id),
      );
    }

    const described: DiscoveredPark[] = [];
    const queue = [...chosen];
    const worker = async () => {
      for (let park = queue.shift(); park; park = queue.shift()) {
        try {
          described.push(await discovery.describePark(park, park.resort_feed_id));
        } catch (error) {
          logger.warn(
            { err: error, park: park.name },
            'a discovered park could not be read; it stays as stored',
          );
        }
      }
    };
    await Promise.all(Array.from({ length: DESCRIBE_CONCURRENCY }, worker));

    const result = mergeDiscovered({
      spec: this.spec,
      discovered: { source: discovery.source, resorts, parks: described },
      listed,
      stored,
      stillChosen,
      now: clock.now(),
    });
    await store.saveCatalogEntries(result.entries);
    for (const name of result.skipped) {
      logger.warn({ park: name }, 'a discovered park has no location from the feed and is left out');
    }
    catalog.replace(result.data);
    logger.info(
      { feed: discovery.source, parks: result.data.parks.length - this.spec.parks.length },
      'discovered parks merged into the catalog',
    );
  }
}
