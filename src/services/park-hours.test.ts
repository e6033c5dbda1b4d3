import { describe, expect, it } from 'vitest';
import { Catalog } from '../catalog/catalog.js';
import { unpublishedSchedule } from '../feeds/types.js';
import { ParkHoursService } from './park-hours.js';

const park = Catalog.load().park('magic-kingdom');
if (!park) throw new Error('catalog without magic-kingdom');

describe('ParkHoursService', () => {
  it('presents an unpublished schedule as unknown hours, not a closed day', async () => {
    const service = new ParkHoursService({
      readSchedule: async (p, date) => unpublishedSchedule(p.id, date),
    });
    const days = await service.forDates(park, '2026-11-28', 2);
    expect(days).toEqual([
      { date: '2026-11-28', published: false, operating: undefined, windows: [] },
      { date: '2026-11-29', published: false, operating: undefined, windows: [] },
    ]);
  });

  it('presents a published day without windows as published and closed', async () => {
    const service = new ParkHoursService({
      readSchedule: async (p, date) => ({ park_id: p.id, date, windows: [] }),
    });
    const [day] = await service.forDates(park, '2026-11-28', 1);
    expect(day).toEqual({ date: '2026-11-28', published: true, operating: undefined, windows: [] });
  });
});
