import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../app/logger.js';
import type { LogLevel } from '../config/index.js';
import { RequestLog } from './request-log.js';

function logTo(level: LogLevel) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { log: new RequestLog(createLogger(level, sink)), lines };
}

const request = (statusCode: number) => ({
  reqId: `r${statusCode}`,
  method: 'GET',
  url: '/v1/parks?key=pk_live_secret',
  client: { ip: '192.0.2.7' },
  statusCode,
  responseTime: 1.5,
});

describe('RequestLog', () => {
  it('at info, logs client and server errors, counts successes, and sums them up on stop', () => {
    const { log, lines } = logTo('info');
    for (const status of [200, 200, 304, 404, 500]) log.completed(request(status));
    expect(lines.map((line) => [line.level, line.reqId])).toEqual([
      [30, 'r404'],
      [50, 'r500'],
    ]);
    log.traffic.stop();
    expect(lines.at(-1)).toMatchObject({
      level: 30,
      requests: 5,
      by_status: { '2xx': 2, '3xx': 1, '4xx': 1, '5xx': 1 },
    });
    log.traffic.stop();
    expect(lines).toHaveLength(3);
  });

  it('at debug, logs every request in one line, key redacted', () => {
    const { log, lines } = logTo('debug');
    log.completed(request(200));
    expect(lines).toEqual([
      expect.objectContaining({
        level: 20,
        reqId: 'r200',
        req: { method: 'GET', url: '/v1/parks?key=[redacted]', ip: '192.0.2.7' },
        res: { statusCode: 200 },
        responseTime: 1.5,
        msg: 'request completed',
      }),
    ]);
  });
});
