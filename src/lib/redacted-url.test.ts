import { describe, expect, it } from 'vitest';
import { redactedUrl } from './redacted-url.js';

describe('redactedUrl', () => {
  it('hides the password and keeps the rest', () => {
    expect(redactedUrl('postgres://queuecast:s3cret@db:5432/queuecast')).toBe(
      'postgres://queuecast:***@db:5432/queuecast',
    );
    expect(redactedUrl('rediss://:s3cret@cache:6380/0')).toBe('rediss://:***@cache:6380/0');
  });

  it('leaves a URL without a password as it is', () => {
    expect(redactedUrl('postgres://u@h/db')).toBe('postgres://u@h/db');
  });

  it('says so instead of echoing what it cannot parse, which may hold a secret', () => {
    expect(redactedUrl('not a url s3cret')).toBe('(unparseable URL)');
  });
});
