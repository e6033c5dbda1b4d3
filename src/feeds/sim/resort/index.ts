/**
 * The simulated resort-wide feeds (tickets, park availability, hotels, event nights, buses): pure
 * functions of the seed and the time, like the rest of the simulator. Buses follow the park hours of
 * the schedule feed they are given.
 */
import { localDate } from '../../../lib/time.js';
import type { ResortFeeds } from '../../resort-data.js';
import type { ScheduleFeed } from '../../types.js';
import { busStopsOf, simulateBusPredictions } from './buses.js';
import { simulateEventNights } from './event-sales.js';
import { hotelsOf, simulateHotelNights } from './hotels.js';
import { segmentsOf, simulateParkAvailability } from './park-availability.js';
import { simulateTickets } from './tickets.js';

export function createSimulatedResortFeeds(seed: number, schedule: ScheduleFeed): ResortFeeds {
  return {
    tickets: { readTickets: async (resort, date) => simulateTickets(resort, date) },
    parkAvailability: {
      segmentsOf,
      readParkAvailability: async (resort, date, at) =>
        simulateParkAvailability(resort, date, localDate(at, resort.time_zone), seed),
    },
    hotels: {
      hotelsOf,
      readHotelNights: async (resort, date, at) =>
        simulateHotelNights(resort, date, localDate(at, resort.time_zone), seed),
    },
    eventNights: {
      readEventNights: async (resort, from, to, at) => simulateEventNights(resort, from, to, at),
    },
    buses: {
      stopsOf: busStopsOf,
      readBusPredictions: (resort, at) => simulateBusPredictions(resort, at, seed, schedule),
    },
  };
}
