import { describe, expect, it } from 'vitest';
import { POSTED_RATIO_FADE_MINUTES, postedFadedWait } from './plan.js';

describe("today's posted wait fading into the nowcast", () => {
  it('is the posted wait now, and the forecast far ahead', () => {
    expect(postedFadedWait(30, 0, 60, 30)).toBeCloseTo(60);
    expect(postedFadedWait(40, 600, 60, 30)).toBeCloseTo(40, 1);
  });

  it("scales the forecast by the ride's ratio to it now, the ratio fading by e over the fade", () => {
    const ratio = (60 + 2) / (30 + 2);
    expect(postedFadedWait(50, POSTED_RATIO_FADE_MINUTES, 60, 30)).toBeCloseTo(
      (50 + 2) * ratio ** Math.exp(-1) - 2,
    );
    // A ride running below its nowcast stays below it for a while, never below zero.
    expect(postedFadedWait(30, 20, 5, 30)).toBeLessThan(30);
    expect(postedFadedWait(0, 0, 0, 40)).toBe(0);
  });
});
