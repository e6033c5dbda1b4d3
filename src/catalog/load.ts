import { readdirSync, readFileSync } from 'node:fs';
import { Value } from 'typebox/value';
import type { TSchema, Static } from 'typebox';
import {
  AttractionFile,
  ParkRecord,
  ResortRecord,
  type Attraction,
  type Park,
  type Resort,
} from './types.js';
import { Type } from 'typebox';

const dataDir = new URL('./data/', import.meta.url);

/** Raised when a data file breaks its schema or the catalog's own rules; names the file and field. */
export class CatalogError extends Error {
  override name = 'CatalogError';
}

function readChecked<S extends TSchema>(file: URL, schema: S): Static<S> {
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const errors = [...Value.Errors(schema, parsed)];
  const first = errors[0];
  if (first) {
    throw new CatalogError(
      `${file.pathname}: ${first.instancePath || '/'} ${first.message} (${errors.length} problem(s))`,
    );
  }
  return parsed as Static<S>;
}

export interface CatalogData {
  readonly resorts: readonly Resort[];
  readonly parks: readonly Park[];
}

/** Reads and links the data files: resorts own parks, parks own attractions. */
export function loadCatalogData(): CatalogData {
  const resortRecords = readChecked(new URL('resorts.json', dataDir), Type.Array(ResortRecord));
  const parkRecords = readChecked(new URL('parks.json', dataDir), Type.Array(ParkRecord));
  const attractionFiles = new Set(
    readdirSync(new URL('attractions/', dataDir)).filter((name) => name.endsWith('.json')),
  );

  const parks: Park[] = parkRecords.map((record) => {
    const resort = resortRecords.find((r) => r.key === record.resort_key);
    if (!resort) {
      throw new CatalogError(`parks.json: park ${record.key} names unknown resort ${record.resort_key}`);
    }
    const fileName = `${record.key}.json`;
    if (!attractionFiles.has(fileName)) {
      throw new CatalogError(`attractions/${fileName} is missing: every park needs its attractions`);
    }
    const attractionRecords = readChecked(new URL(`attractions/${fileName}`, dataDir), AttractionFile);
    const attractions: Attraction[] = attractionRecords.map((a) => ({
      ...a,
      id: `${record.key}_${a.slug}`,
      park_key: record.key,
    }));
    return { ...record, resort, attractions };
  });

  const resorts: Resort[] = resortRecords.map((record) => ({
    ...record,
    parks: record.park_keys.map((key) => {
      const park = parks.find((p) => p.key === key);
      if (!park) throw new CatalogError(`resorts.json: resort ${record.key} lists unknown park ${key}`);
      if (park.resort_key !== record.key) {
        throw new CatalogError(`resorts.json: park ${key} belongs to ${park.resort_key}, not ${record.key}`);
      }
      return park;
    }),
  }));

  return { resorts, parks };
}
