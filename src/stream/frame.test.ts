import { describe, expect, it } from 'vitest';
import { SSE_PING, SSE_RETRY, heartbeatFrame, toFrame } from './frame.js';

const attribution = {
  text: 'Live data from queuecast.test',
  url: 'https://queuecast.test/',
  required: true as const,
};

describe('frames', () => {
  it('holds the same JSON as a WebSocket text payload and as one SSE data line', () => {
    const frame = toFrame({ type: 'pong', attribution });
    const json =
      '{"type":"pong","attribution":{"text":"Live data from queuecast.test","url":"https://queuecast.test/","required":true}}';
    expect(frame.ws.toString('utf8')).toBe(json);
    expect(frame.sse.toString('utf8')).toBe(`data: ${json}\n\n`);
    expect(frame.errorCode).toBeUndefined();
  });

  it('keeps a message with line breaks in its text on one data line', () => {
    const frame = toFrame({
      type: 'error',
      code: 'internal_error',
      message: 'line one\nline two\r\n',
      docs_url: 'https://queuecast.test/docs#errors',
      attribution,
    });
    const text = frame.sse.toString('utf8');
    expect(text.split('\n')).toHaveLength(3);
    expect(text.endsWith('\n\n')).toBe(true);
    expect(text).not.toContain('\r');
    expect(frame.errorCode).toBe('internal_error');
  });

  it('starts SSE with retry: 5000 and beats with a comment', () => {
    expect(SSE_RETRY.toString()).toBe('retry: 5000\n\n');
    expect(SSE_PING.toString()).toBe(': ping\n\n');
    const beat = heartbeatFrame({ type: 'ping', attribution });
    expect(beat.sse).toBe(SSE_PING);
    expect(JSON.parse(beat.ws.toString())).toMatchObject({ type: 'ping' });
  });
});
