/** The `changes` message the bare broadcasters send: the shape and size of queuecast's for one ride. */
export function changesMessage(wait: number, at: number) {
  const iso = new Date(at).toISOString();
  return {
    type: 'changes',
    park_key: 'magic-kingdom',
    at: iso,
    changes: [
      {
        ride_id: 'magic-kingdom_space-mountain',
        name: 'Space Mountain',
        type: 'ride',
        status: 'OPERATING',
        standby_wait_minutes: wait,
        estimated_actual_wait_minutes: Math.round(wait * 0.7),
        estimated_actual_low_minutes: Math.round(wait * 0.5),
        estimated_actual_high_minutes: Math.round(wait * 0.9),
        single_rider_wait_minutes: null,
        priority_lane: null,
        changed_at: iso,
      },
    ],
    removed: [],
    attribution: {
      text: 'Live data from localhost',
      url: 'http://localhost/parks/magic-kingdom',
      required: true,
    },
  };
}
