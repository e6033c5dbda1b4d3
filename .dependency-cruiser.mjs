/**
 * The floors of `src/`, lowest first, in the order data flows: a module may import from its own
 * folder and from any lower floor, never from a higher floor or from a peer on its own floor, and
 * no import may close a circle. `npm test` runs it (scripts/static-checks.mjs); the README's
 * "Floors" section explains each floor. Tests, and the driver contract suites only tests import,
 * may import anything.
 */

/** Each floor lists its rooms: folders under `src/`, or `main.ts`. */
export const FLOORS = [
  ['lib', 'config'],
  ['catalog', 'calendar'],
  ['models'],
  ['feeds'],
  ['store', 'shared-state'],
  ['live'],
  ['ingest', 'services'],
  ['backtest', 'http'],
  ['api', 'stream', 'site'],
  ['app'],
  ['cli', 'main.ts'],
];

/** Modules the rules do not constrain: tests and the contract suites that only tests import. */
const TEST_CODE = String.raw`\.test\.ts$|/contract/`;

const escape = (room) => room.replace(/\./g, String.raw`\.`);
/** A room's modules: a folder's files, or the one file `main.ts` is. */
const roomPath = (room) => (room.endsWith('.ts') ? `^src/${escape(room)}$` : `^src/${room}/`);

function floorRules() {
  return FLOORS.flatMap((floor, level) =>
    floor.map((room) => {
      const peers = floor.filter((other) => other !== room);
      const above = FLOORS.slice(level + 1).flat();
      return {
        name: `floor-${room}`,
        severity: 'error',
        comment:
          `src/${room} may import only from itself and from lower floors (.dependency-cruiser.mjs): ` +
          'move what both sides need down to the room that owns it.',
        from: { path: roomPath(room), pathNot: TEST_CODE },
        to: { path: [...peers, ...above].map(roomPath) },
      };
    }),
  );
}

export default {
  forbidden: [
    ...floorRules(),
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules that import each other, directly or around a loop: move the shared part down.',
      from: { path: '^src/', pathNot: TEST_CODE },
      to: { circular: true },
    },
    {
      name: 'room-on-a-floor',
      severity: 'error',
      comment: 'Every module under src/ belongs to a room listed in FLOORS (.dependency-cruiser.mjs).',
      from: { path: '^src/', pathNot: [TEST_CODE, ...FLOORS.flat().map(roomPath)] },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', String.raw`\.d\.ts$`] },
    // Type-only imports count: a type that runs up the floors ties the rooms together as much as a value.
    tsPreCompilationDeps: true,
  },
};
