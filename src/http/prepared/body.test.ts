import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PreparedBody, acceptedEncoding, answerFor } from './body.js';

describe('acceptedEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(acceptedEncoding('gzip, deflate, br')).toBe('br');
    expect(acceptedEncoding('GZIP')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('br; q=0.0, gzip ; q=0')).toBeUndefined();
    expect(acceptedEncoding('*')).toBe('gzip');
    expect(acceptedEncoding('identity')).toBeUndefined();
    expect(acceptedEncoding('')).toBeUndefined();
    expect(acceptedEncoding(undefined)).toBeUndefined();
  });

  it('answers the same for a spelling seen before, however many others came between', () => {
    const spellings = Array.from({ length: 600 }, (_, i) => (i % 2 ? `gzip;q=0.${i}` : `br, x-${i}`));
    const first = spellings.map(acceptedEncoding);
    expect(first.filter((e) => e === 'gzip')).toHaveLength(300);
    expect(spellings.map(acceptedEncoding)).toEqual(first);
    expect(acceptedEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
  });
});

describe('answerFor', () => {
  const body = PreparedBody.of({ hello: 'world' });

  it('answers 304 to the ETag, a list holding it, its weak form or *', () => {
    for (const header of [body.etag, `"other", ${body.etag}`, `W/${body.etag}`, '*']) {
      expect(answerFor(body, header, undefined)).toEqual({
        status: 304,
        encoding: undefined,
        bytes: undefined,
      });
    }
  });

  it('answers 200 with the best accepted encoding otherwise', () => {
    expect(answerFor(body, '"other"', undefined)).toMatchObject({ status: 200, bytes: body.json });
    const gzip = answerFor(body, undefined, 'gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.bytes ?? Buffer.alloc(0)).toString()).toBe('{"hello":"world"}');
  });
});
