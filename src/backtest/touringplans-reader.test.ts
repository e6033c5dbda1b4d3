import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { readAttractionMetadata, readTouringPlans } from './touringplans-reader.js';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** A directory of the given files, each gzipped when its name ends in `.gz`. */
function directory(files: Record<string, string>): string {
  dir = mkdtempSync(join(tmpdir(), 'queuecast-reader-'));
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(dir, name), name.endsWith('.gz') ? gzipSync(text) : text);
  }
  return dir;
}

const ONE_DAY = [
  '"park_date","wait_datetime","wait_minutes_actual","wait_minutes_posted"',
  '2019-03-01,"2019-03-01 10:05:00",,40',
  '2019-03-01,"2019-03-01 10:15:00",25,',
].join('\n');

describe('the TouringPlans.com reader', () => {
  it('gives each file the park and the names (full and short, once each) of its metadata row', () => {
    const path = directory({
      'attractions_metadata.csv.gz': [
        '"dataset_name","name","short_name","park","land"',
        '"7_dwarfs_train","Seven Dwarfs Mine Train","Seven Dwarfs Mine Train","Magic Kingdom","Fantasyland"',
        '"rock_coaster","Rock \'n\' Roller Coaster, Starring Aerosmith","Rock Coaster","Disney\'s Hollywood Studios","Sunset"',
      ].join('\n'),
      '7_dwarfs_train.csv.gz': ONE_DAY,
      'unlisted.csv.gz': ONE_DAY,
    });
    expect(readAttractionMetadata(path).get('rock_coaster')).toEqual({
      park: "Disney's Hollywood Studios",
      names: ["Rock 'n' Roller Coaster, Starring Aerosmith", 'Rock Coaster'],
    });
    const read = readTouringPlans(path);
    expect(read.map(({ attraction, park, names }) => ({ attraction, park, names }))).toEqual([
      { attraction: '7_dwarfs_train', park: 'Magic Kingdom', names: ['Seven Dwarfs Mine Train'] },
      { attraction: 'unlisted', park: 'unknown', names: [] },
    ]);
    expect(read[0]?.timedWaits).toHaveLength(1);
  });

  it('reads a directory without metadata, every file of an unknown park', () => {
    const path = directory({ 'ride.csv.gz': ONE_DAY });
    expect(readAttractionMetadata(path).size).toBe(0);
    expect(readTouringPlans(path)[0]).toMatchObject({ attraction: 'ride', park: 'unknown', names: [] });
  });

  it('reads plain .csv files (byte-order mark, CRLF) as well as gzipped ones, the gzipped copy when both are there', () => {
    const path = directory({
      'attractions_metadata.csv': [
        '"dataset_name","name","short_name","park"',
        '"soarin","Soarin\' Around the World","Soarin\'","Epcot"',
      ].join('\n'),
      'parks_metadata_dictionary.csv': '"Column","Description"\n"date","the park day"',
      'soarin.csv': `\uFEFF${ONE_DAY.replaceAll('\n', '\r\n')}`,
      'dinosaur.csv': ONE_DAY.replace(',,40', ',,10'),
      'dinosaur.csv.gz': ONE_DAY,
    });
    const read = readTouringPlans(path);
    expect(read.map(({ attraction, park }) => ({ attraction, park }))).toEqual([
      { attraction: 'dinosaur', park: 'unknown' },
      { attraction: 'soarin', park: 'Epcot' },
    ]);
    expect(read[0]?.history).toEqual(read[1]?.history);
    expect(read[1]?.history[0]?.means[10]).toBe(40);
  });
});
