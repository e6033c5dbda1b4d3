import { describe, expect, it } from 'vitest';
import { distanceMetres, PATH_DETOUR, PACE_METRES_PER_MINUTE, walkMinutes } from './walking.js';

const castle = { latitude: 28.4192, longitude: -81.5812 };

describe('distanceMetres', () => {
  it('measures a degree of latitude as about 111.2 km and a place to itself as 0', () => {
    expect(distanceMetres({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(
      111_195,
      -1,
    );
    expect(distanceMetres(castle, castle)).toBe(0);
  });

  it('shrinks a degree of longitude with the cosine of the latitude', () => {
    const east = { latitude: castle.latitude, longitude: castle.longitude + 0.01 };
    expect(distanceMetres(castle, east)).toBeCloseTo(
      1_111.95 * Math.cos((castle.latitude * Math.PI) / 180),
      0,
    );
  });

  it('is symmetric', () => {
    const other = { latitude: 28.4183, longitude: -81.5794 };
    expect(distanceMetres(castle, other)).toBeCloseTo(distanceMetres(other, castle), 9);
  });
});

describe('walkMinutes', () => {
  const north = { latitude: castle.latitude + 700 / 111_195, longitude: castle.longitude };

  it('walks the detoured distance at the pace', () => {
    expect(walkMinutes(castle, north, 'normal')).toBeCloseTo((700 * PATH_DETOUR) / 70, 1);
    expect(walkMinutes(castle, north)).toBe(walkMinutes(castle, north, 'normal'));
  });

  it('is slower at a slow pace and faster at a fast one', () => {
    const slow = walkMinutes(castle, north, 'slow');
    const fast = walkMinutes(castle, north, 'fast');
    expect(slow).toBeGreaterThan(walkMinutes(castle, north, 'normal'));
    expect(fast).toBeLessThan(walkMinutes(castle, north, 'normal'));
    expect(slow / fast).toBeCloseTo(PACE_METRES_PER_MINUTE.fast / PACE_METRES_PER_MINUTE.slow, 9);
  });
});
