/**
 * The spec's "Path and query parameters" table, transcribed once: per endpoint (as its OpenAPI path
 * template) every parameter it takes, where, whether it is required, its type and its rules. The
 * parameter test compares the served OpenAPI document and the server's answers at each bound with
 * it; nothing else in the tests restates these rules.
 */

/** `park`, `ride`, `resort`: required path segments (see the spec's identifiers). */
interface PathParameter {
  readonly in: 'path';
  readonly type: 'string';
}

/** An integer query parameter from `minimum` to `maximum`, `default` when absent. */
interface IntegerParameter {
  readonly in: 'query';
  readonly type: 'integer';
  readonly minimum: number;
  readonly maximum: number;
  readonly default: number;
}

/** A park-local date from today through `daysAhead` days ahead; today when absent. */
interface DateParameter {
  readonly in: 'query';
  readonly type: 'date';
  readonly daysAhead: number;
}

/** A date at most `maxDaysAfter` days after the date parameter `after`; `defaultDaysAfter` when absent. */
interface FollowingDateParameter {
  readonly in: 'query';
  readonly type: 'date';
  readonly after: string;
  readonly maxDaysAfter: number;
  readonly defaultDaysAfter: number;
}

/** Text: required (a bus stop) or optional with a pattern (a stream key). */
interface TextParameter {
  readonly in: 'query';
  readonly type: 'string';
  readonly required: boolean;
  readonly pattern?: string;
}

export type SpecParameter =
  PathParameter | IntegerParameter | DateParameter | FollowingDateParameter | TextParameter;

/** Path parameters are always required; query parameters only when the spec says so. */
export function isRequired(parameter: SpecParameter): boolean {
  return parameter.in === 'path' || ('required' in parameter && parameter.required);
}

const park: PathParameter = { in: 'path', type: 'string' };
const ride: PathParameter = { in: 'path', type: 'string' };
const resort: PathParameter = { in: 'path', type: 'string' };
const days = (maximum: number, fallback: number): IntegerParameter => ({
  in: 'query',
  type: 'integer',
  minimum: 1,
  maximum,
  default: fallback,
});
const date = (daysAhead: number): DateParameter => ({ in: 'query', type: 'date', daysAhead });

/** Every HTTP endpoint of the spec's endpoint table (the WebSocket is not an HTTP operation). */
export const SPEC_PARAMETERS: Readonly<Record<string, Readonly<Record<string, SpecParameter>>>> = {
  '/v1': {},
  '/v1/openapi.json': {},
  '/v1/parks': {},
  '/v1/parks/{park}/waits': { park },
  '/v1/parks/{park}/waits/stream': {
    park,
    key: { in: 'query', type: 'string', required: false, pattern: '^pk_live_[A-Za-z0-9]{32}$' },
  },
  '/v1/parks/{park}/rides': { park },
  '/v1/parks/{park}/rides/{ride}': { park, ride },
  '/v1/parks/{park}/hours': { park, date: date(59), days: days(60, 1) },
  '/v1/parks/{park}/crowds': { park, date: date(29), days: days(30, 1) },
  '/v1/parks/{park}/priority-lane': { park, date: date(29) },
  '/v1/parks/{park}/reliability': { park },
  '/v1/rides/{ride}': { ride },
  '/v1/rides/{ride}/best-times': { ride, date: date(29) },
  '/v1/rides/{ride}/history': { ride, days: days(7, 7) },
  '/v1/rides/{ride}/outages': { ride, days: days(30, 7) },
  '/v1/parks/{park}/outages/today': { park },
  '/v1/parks/{park}/showtimes': { park, date: date(6) },
  '/v1/parks/{park}/conditions': { park },
  '/v1/parks/{park}/crowds/actuals': { park, days: days(60, 14) },
  '/v1/resorts': {},
  '/v1/resorts/{resort}': { resort },
  '/v1/resorts/{resort}/tickets': { resort, date: date(365) },
  '/v1/resorts/{resort}/park-availability': { resort, date: date(399), days: days(31, 7) },
  // "Default tonight": the first night is today's date.
  '/v1/resorts/{resort}/hotel-availability': { resort, date: date(119), days: days(14, 7) },
  '/v1/resorts/{resort}/events': {
    resort,
    from: date(365),
    to: { in: 'query', type: 'date', after: 'from', maxDaysAfter: 59, defaultDaysAfter: 29 },
  },
  '/v1/resorts/{resort}/buses/stops': { resort },
  '/v1/resorts/{resort}/buses': { resort, stop: { in: 'query', type: 'string', required: true } },
  // Beyond the spec's table: touring plans (issue 47).
  '/v1/parks/{park}/plan': {
    park,
    rides: { in: 'query', type: 'string', required: true },
    date: date(29),
    start: { in: 'query', type: 'string', required: false, pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' },
    end: { in: 'query', type: 'string', required: false, pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' },
    pace: { in: 'query', type: 'string', required: false },
    break: { in: 'query', type: 'string', required: false },
    return: { in: 'query', type: 'string', required: false },
    done: { in: 'query', type: 'string', required: false },
    from: { in: 'query', type: 'string', required: false },
  },
};
