import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';
import { describe, expect, it } from 'vitest';
import { clientIp, trustProxy } from './client-ip.js';

const request = (peer: string, forwardedFor?: string) =>
  ({
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    socket: { remoteAddress: peer },
  }) as unknown as IncomingMessage;

describe('clientIp', () => {
  it('believes X-Forwarded-For only through the trusted proxies', () => {
    const trust = trustProxy('loopback');
    expect(clientIp(request('127.0.0.1', '203.0.113.9'), trust)).toBe('203.0.113.9');
    expect(clientIp(request('198.51.100.4', '203.0.113.9'), trust)).toBe('198.51.100.4');
    expect(clientIp(request('127.0.0.1', '203.0.113.9, 127.0.0.2'), trust)).toBe('203.0.113.9');
    expect(clientIp(request('::1', '2001:db8::7'), trust)).toBe('2001:db8::7');
    expect(clientIp(request('127.0.0.1'), trust)).toBe('127.0.0.1');
  });

  it('counts hops when TRUST_PROXY is a number, and trusts nobody when it is unset', () => {
    expect(clientIp(request('198.51.100.4', '203.0.113.9, 192.0.2.1'), trustProxy(1))).toBe('192.0.2.1');
    expect(clientIp(request('198.51.100.4', '203.0.113.9, 192.0.2.1'), trustProxy(2))).toBe('203.0.113.9');
    expect(clientIp(request('127.0.0.1', '203.0.113.9'), trustProxy(undefined))).toBe('127.0.0.1');
  });

  it('decides as proxy-addr does for more addresses than it remembers', () => {
    const remembered = trustProxy('loopback, 10.0.0.0/8');
    const plain = proxyaddr.compile(['loopback', '10.0.0.0/8']);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 6_000; i++) {
        const address = i % 3 === 0 ? `10.1.${i >> 8}.${i & 255}` : `198.${i % 7}.${i >> 8}.${i & 255}`;
        expect(remembered(address, 0)).toBe(plain(address, 0));
      }
    }
  });

  it('reads a single forwarded address as proxy-addr does', () => {
    const settings = [trustProxy('loopback'), trustProxy(1), trustProxy(2), trustProxy(undefined)];
    const headers = [
      undefined,
      '',
      '203.0.113.9',
      ' 203.0.113.9',
      '203.0.113.9 ',
      '2001:db8::7',
      'a,b',
      ',',
      'x\ty',
    ];
    for (const trust of settings) {
      for (const peer of ['127.0.0.1', '198.51.100.4', '::1']) {
        for (const forwardedFor of headers) {
          const sent = request(peer, forwardedFor);
          expect(clientIp(sent, trust), `${peer} ${String(forwardedFor)}`).toBe(proxyaddr(sent, trust));
        }
      }
    }
  });
});
