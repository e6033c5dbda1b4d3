import type { OpenAPIV3_1 } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import { curlExample, parameterExample, webSocketExample } from './curl-example.js';

const noRefs = (): undefined => undefined;
const path = (
  name: string,
  extra: Partial<OpenAPIV3_1.ParameterObject> = {},
): OpenAPIV3_1.ParameterObject => ({
  name,
  in: 'path',
  required: true,
  ...extra,
});

describe('parameterExample', () => {
  it('reads every place an example can live', () => {
    expect(parameterExample(path('a', { example: 'one' }), noRefs)).toBe('one');
    expect(parameterExample(path('a', { examples: { first: { value: 'two' } } }), noRefs)).toBe('two');
    expect(parameterExample(path('a', { schema: { type: 'string', example: 'three' } }), noRefs)).toBe(
      'three',
    );
    const schemaWithExamples = {
      type: 'string',
      examples: ['four'],
    } as OpenAPIV3_1.ParameterObject['schema'];
    expect(parameterExample(path('a', { schema: schemaWithExamples }), noRefs)).toBe('four');
    expect(parameterExample(path('a'), noRefs)).toBeUndefined();
  });
});

describe('curlExample', () => {
  it('fills path examples and keeps placeholders for the rest', () => {
    const curl = curlExample(
      {
        baseUrl: 'https://api.test/',
        path: '/v1/parks/{park}/rides/{ride}',
        parameters: [path('park', { example: 'mk' }), path('ride')],
        eventStream: false,
      },
      noRefs,
    );
    expect(curl).toBe('curl https://api.test/v1/parks/mk/rides/{ride}');
  });

  it('adds required query parameters, encoded and shell-quoted', () => {
    const curl = curlExample(
      {
        baseUrl: 'https://api.test',
        path: '/v1/resorts/{resort}/buses',
        parameters: [
          path('resort', { example: 'wdw' }),
          { name: 'stop', in: 'query', required: true, example: "Pop Century's stop" },
          { name: 'days', in: 'query', required: false, example: 3 },
        ],
        eventStream: false,
      },
      noRefs,
    );
    expect(curl).toBe("curl 'https://api.test/v1/resorts/wdw/buses?stop=Pop%20Century'\\''s%20stop'");
  });

  it('asks curl not to buffer event streams', () => {
    const curl = curlExample(
      { baseUrl: 'https://api.test', path: '/v1/s', parameters: [], eventStream: true },
      noRefs,
    );
    expect(curl).toBe('curl -N https://api.test/v1/s');
  });

  it('shows a WebSocket as a WebSocket client session, not a curl that would get 426', () => {
    expect(webSocketExample('wss://api.test/v1/stream')).toBe(
      'npx wscat -c wss://api.test/v1/stream\n> {"type":"subscribe","parks":["magic-kingdom"]}',
    );
  });
});
