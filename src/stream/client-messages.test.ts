import { describe, expect, it } from 'vitest';
import { Catalog } from '../catalog/catalog.js';
import { parseClientMessage, resolveParks } from './client-messages.js';

const parse = (text: string, binary = false) => parseClientMessage(Buffer.from(text), binary);
const catalog = Catalog.load();

describe('parseClientMessage', () => {
  it('reads subscribe, unsubscribe and ping, ignoring extra fields', () => {
    expect(parse('{"type":"subscribe","parks":["mk","EPCOT"],"id":7}')).toEqual({
      ok: true,
      value: { type: 'subscribe', parks: ['mk', 'EPCOT'] },
    });
    expect(parse('{"type":"unsubscribe","parks":["*"]}')).toEqual({
      ok: true,
      value: { type: 'unsubscribe', parks: ['*'] },
    });
    expect(parse('{"type":"ping"}')).toEqual({ ok: true, value: { type: 'ping' } });
  });

  it.each([
    ['binary', '{"type":"ping"}', true, /Binary messages/],
    ['not JSON', '{type: ping}', false, /not valid JSON/],
    ['a string', '"ping"', false, /JSON object with a "type" \(got "ping"\)/],
    ['null', 'null', false, /JSON object/],
    ['no type', '{}', false, /no "type"/],
    ['unknown type', '{"type":"SUBSCRIBE"}', false, /Unknown message type "SUBSCRIBE"/],
    ['parks not an array', '{"type":"subscribe","parks":"mk"}', false, /got "mk"/],
    ['empty parks', '{"type":"subscribe","parks":[]}', false, /1 to 10/],
    ['a blank park', '{"type":"subscribe","parks":[" "]}', false, /1 to 10/],
    ['a number', '{"type":"unsubscribe","parks":[6]}', false, /In unsubscribe/],
    ['eleven parks', JSON.stringify({ type: 'subscribe', parks: Array(11).fill('mk') }), false, /1 to 10/],
    ['"*" with others', '{"type":"subscribe","parks":["*","mk"]}', false, /stands alone/],
  ])('rejects %s with what is accepted', (_name, text, binary, message) => {
    const outcome = parse(text, binary);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.code).toBe('invalid_request');
    expect(outcome.message).toMatch(message);
    expect(outcome.message).toContain('Accepted messages: {"type":"subscribe"');
  });
});

describe('resolveParks', () => {
  it('resolves every identifier form once, in order; "*" is every park', () => {
    const outcome = resolveParks(catalog, [
      'dca',
      'Magic Kingdom Park',
      'magic-kingdom',
      '1c84a229-8862-4648-9c71-378ddd2c7693',
    ]);
    expect(outcome.ok && outcome.value.map((park) => park.key)).toEqual([
      'california-adventure',
      'magic-kingdom',
      'animal-kingdom',
    ]);
    const all = resolveParks(catalog, ['*']);
    expect(all.ok && all.value.length).toBe(10);
  });

  it('names the unknown parks and the valid keys', () => {
    const outcome = resolveParks(catalog, ['mk', 'atlantis', 'narnia']);
    expect(outcome).toMatchObject({ ok: false, code: 'not_found' });
    if (outcome.ok) return;
    expect(outcome.message).toMatch(
      /^Unknown park "atlantis", "narnia"\. Valid park keys: magic-kingdom, epcot/,
    );
  });
});
