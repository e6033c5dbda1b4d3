import { describe, expect, it } from 'vitest';
import { ReadReceipts } from './read-receipts.js';

describe('ReadReceipts', () => {
  it('asks for a ping every probe size, and counts as read what was sent before an answered one', () => {
    const receipts = new ReadReceipts(100);
    expect([receipts.sentMessage(60), receipts.sentMessage(60), receipts.sentMessage(60)]).toEqual([
      false,
      true,
      false,
    ]);
    expect(receipts.unread).toBe(180);
    receipts.answered();
    expect(receipts.unread).toBe(60);
  });

  it('keeps counting a client that never answers', () => {
    const receipts = new ReadReceipts(100);
    for (let i = 0; i < 50; i++) receipts.sentMessage(100);
    expect(receipts.unread).toBe(5_000);
  });

  it('lets no unasked pong count more than the pings sent', () => {
    const receipts = new ReadReceipts(100);
    receipts.sentMessage(150);
    receipts.sentMessage(50);
    for (let i = 0; i < 10; i++) receipts.answered();
    expect(receipts.unread).toBe(50);
  });
});
