/**
 * The behaviour every StreamSlots driver must show: each driver's test file calls
 * `describeStreamSlotsContract` with a function that opens empty slots.
 */
import { describe, expect, it } from 'vitest';
import type { StreamSlots } from '../stream-slots.js';

export function describeStreamSlotsContract(name: string, open: () => Promise<StreamSlots>): void {
  describe(`StreamSlots contract: ${name}`, () => {
    it('grants up to max slots per subject, then refuses; a release frees one', async () => {
      const slots = await open();
      expect([
        await slots.acquire('ip:a', 2),
        await slots.acquire('ip:a', 2),
        await slots.acquire('ip:a', 2),
      ]).toEqual([true, true, false]);
      expect(await slots.acquire('key:7', 2)).toBe(true);
      await slots.release('ip:a');
      expect(await slots.acquire('ip:a', 2)).toBe(true);
      expect(await slots.acquire('ip:a', 2)).toBe(false);
    });

    it('never grants more than max under concurrent acquires', async () => {
      const slots = await open();
      const granted = await Promise.all(Array.from({ length: 25 }, () => slots.acquire('key:busy', 10)));
      expect(granted.filter(Boolean)).toHaveLength(10);
    });

    it('ignores a release with nothing held (the count never goes below zero)', async () => {
      const slots = await open();
      await slots.release('ip:nobody');
      expect(await slots.acquire('ip:nobody', 1)).toBe(true);
      expect(await slots.acquire('ip:nobody', 1)).toBe(false);
    });
  });
}
