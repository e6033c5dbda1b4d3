import { describe, expect, it } from 'vitest';
import { newRequestId, requestId } from './request-id.js';

describe('request IDs', () => {
  it('keeps a sane incoming X-Request-Id', () => {
    expect(requestId({ 'x-request-id': 'trace-123' })).toBe('trace-123');
  });

  it('replaces a missing, repeated or unsafe one with a fresh ID', () => {
    const made = [
      requestId({}),
      requestId({ 'x-request-id': 'bad id with spaces' }),
      requestId({ 'x-request-id': 'x'.repeat(65) }),
    ];
    for (const id of made) expect(id).toMatch(/^[\w-]{4}-[0-9a-z]+$/);
    expect(new Set(made).size).toBe(3);
  });

  it('makes IDs that share this process part and never repeat', () => {
    const ids = Array.from({ length: 1000 }, newRequestId);
    expect(new Set(ids).size).toBe(1000);
    expect(new Set(ids.map((id) => id.slice(0, 4))).size).toBe(1);
  });
});
