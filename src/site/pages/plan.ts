/**
 * A park's plan page (`/parks/{park}/plan`): a GET form (rides chosen by land, date, start, end,
 * pace, meal breaks and held return windows) that the server renders into a touring plan from the
 * plan service, so the page works with scripts off. The form's fields are read by the endpoint's
 * own parser (`http/plan-query.ts`), so a choice the endpoint would refuse is refused here with the
 * same message, stated beside the form kept filled.
 */
import { DateTime } from 'luxon';
import type { Attraction, Park } from '../../catalog/types.js';
import { sourceCredits } from '../../feeds/sources.js';
import type { ApiContext } from '../../http/context.js';
import { ApiError } from '../../http/errors.js';
import { parsePlanQuery, planQueryOf } from '../../http/plan-query.js';
import { localDate } from '../../lib/time.js';
import { WALKING_PACES } from '../../models/plan/walking.js';
import { PlanRequestError, type PlanRequest, type TouringPlan } from '../../services/plan.js';
import { escapeHtml } from '../docs/escape.js';
import { clockTime, zoneName } from '../format.js';
import { jsonScript } from './json-script.js';
import { renderPage } from './layout.js';

/** A held return window as the form sends it: a ride chosen from a list and its window typed. */
export interface ReturnField {
  readonly ride: string;
  readonly window: string;
}

/** What the visitor chose, as sent (so the form is refilled exactly, valid or not). */
export interface PlanForm {
  readonly rides: readonly string[];
  readonly date: string;
  readonly start: string;
  readonly end: string;
  readonly pace: string;
  readonly breaks: readonly string[];
  readonly returns: readonly ReturnField[];
  readonly done: readonly string[];
  readonly from: string;
}

const valuesOf = (raw: unknown): string[] =>
  (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).map((value) =>
    typeof value === 'string' ? value.trim() : '',
  );
const listOf = (raw: unknown): string[] =>
  valuesOf(raw)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter((value) => value !== '');
const textOf = (raw: unknown): string => valuesOf(raw)[0] ?? '';

/**
 * The form's fields. Ride boxes arrive as one `rides` per box; each held window as a pair of
 * `return_ride` (a list) and `return_window` (typed), paired by position.
 */
export function parsePlanForm(query: Readonly<Record<string, unknown>>): PlanForm {
  const returnRides = valuesOf(query.return_ride);
  const returnWindows = valuesOf(query.return_window);
  const returns = Array.from({ length: Math.max(returnRides.length, returnWindows.length) }, (_, i) => ({
    ride: returnRides[i] ?? '',
    window: returnWindows[i] ?? '',
  })).filter((field) => field.ride !== '' || field.window !== '');
  return {
    rides: listOf(query.rides),
    date: textOf(query.date),
    start: textOf(query.start),
    end: textOf(query.end),
    pace: textOf(query.pace) || 'normal',
    breaks: valuesOf(query.break).filter((value) => value !== ''),
    returns,
    done: listOf(query.done),
    from: textOf(query.from),
  };
}

/**
 * The form as the endpoint's query. A browser sends every field, filled or not: an empty one is a
 * choice left to its default, so it is left out here rather than refused as malformed.
 */
export function planQueryOfForm(form: PlanForm): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  if (form.rides.length > 0) query.rides = form.rides.join(',');
  if (form.date !== '') query.date = form.date;
  if (form.start !== '') query.start = form.start;
  if (form.end !== '') query.end = form.end;
  query.pace = form.pace;
  if (form.breaks.length > 0) query.break = [...form.breaks];
  if (form.returns.length > 0) query.return = form.returns.map(({ ride, window }) => `${ride}@${window}`);
  if (form.done.length > 0) query.done = form.done.join(',');
  if (form.from !== '') query.from = form.from;
  return query;
}

function ridesByLand(park: Park): Map<string, Attraction[]> {
  const lands = new Map<string, Attraction[]>();
  for (const ride of park.attractions) lands.set(ride.land, [...(lands.get(ride.land) ?? []), ride]);
  return lands;
}

const named = (ride: Attraction, value: string) => value === ride.id || value === ride.slug;

function returnFieldsHtml(park: Park, returns: readonly ReturnField[]): string {
  // One empty row beyond those filled: with scripts off, another window is one submit away.
  const rows = [...returns, { ride: '', window: '' }];
  return rows
    .map((field, index) => {
      const options = [...ridesByLand(park)]
        .map(
          ([land, rides]) =>
            `<optgroup label="${escapeHtml(land || 'Other')}">${rides
              .map(
                (ride) =>
                  `<option value="${escapeHtml(ride.slug)}"${named(ride, field.ride) ? ' selected' : ''}>${escapeHtml(ride.name)}</option>`,
              )
              .join('')}</optgroup>`,
        )
        .join('');
      const n = index + 1;
      return `<div class="return-field">
<label for="plan-return-ride-${n}">Held window ${n}: ride</label> <select id="plan-return-ride-${n}" name="return_ride"><option value="">(none)</option>${options}</select>
<label for="plan-return-window-${n}">window</label> <input type="text" id="plan-return-window-${n}" name="return_window" placeholder="10:05-11:05" size="11" value="${escapeHtml(field.window)}">
</div>`;
    })
    .join('\n');
}

function breakFieldsHtml(breaks: readonly string[]): string {
  return [...breaks, '']
    .map(
      (value, index) =>
        `<label for="plan-break-${index + 1}">Break ${index + 1}</label> <input type="text" id="plan-break-${index + 1}" name="break" placeholder="12:00-12:45" size="11" value="${escapeHtml(value)}">`,
    )
    .join('\n');
}

function formHtml(park: Park, form: PlanForm, today: string): string {
  const chosen = new Set(form.rides);
  const fieldsets = [...ridesByLand(park)]
    .map(
      ([land, rides]) => `<fieldset class="land"><legend>${escapeHtml(land || 'Other')}</legend>
${rides
  .map((ride) => {
    const checked = chosen.has(ride.id) || chosen.has(ride.slug) ? ' checked' : '';
    return `<label><input type="checkbox" name="rides" value="${escapeHtml(ride.slug)}"${checked}> ${escapeHtml(ride.name)}</label>`;
  })
  .join('\n')}
</fieldset>`,
    )
    .join('\n');
  const paces = WALKING_PACES.map(
    (pace) => `<option value="${pace}"${pace === form.pace ? ' selected' : ''}>${pace}</option>`,
  ).join('');
  return `<form method="get" action="/parks/${escapeHtml(park.key)}/plan" id="plan-form" class="plan-form">
${fieldsets}
<fieldset><legend>When and how fast</legend>
<label for="plan-date">Date</label> <input type="date" id="plan-date" name="date" min="${today}" value="${escapeHtml(form.date)}">
<label for="plan-start">Start</label> <input type="time" id="plan-start" name="start" value="${escapeHtml(form.start)}">
<label for="plan-end">End</label> <input type="time" id="plan-end" name="end" value="${escapeHtml(form.end)}">
<label for="plan-pace">Pace</label> <select id="plan-pace" name="pace">${paces}</select>
</fieldset>
<fieldset id="plan-breaks"><legend>Meal breaks</legend>
<p class="note">Park time HH:MM-HH:MM, such as 12:00-12:45: no ride is planned across one.</p>
${breakFieldsHtml(form.breaks)}
</fieldset>
<fieldset id="plan-returns"><legend>Return windows you hold</legend>
<p class="note">A priority return window already booked: the ride (also chosen above) is ridden inside it, through the priority lane.</p>
${returnFieldsHtml(park, form.returns)}
</fieldset>
<input type="hidden" name="done" value="${escapeHtml(form.done.join(','))}">
<input type="hidden" name="from" value="${escapeHtml(form.from)}">
<button type="submit">Plan my day</button>
</form>`;
}

const REASONS: Record<TouringPlan['not_planned'][number]['reason'], string> = {
  closed: 'not operating between start and end',
  down: 'down now, with no reopening expected before the end',
  refurbishment: 'closed for refurbishment',
  out_of_time: 'does not fit before the end',
};

/** A break on the plan's date, in epoch ms, with the label the timeline shows. */
interface TimelineBreak {
  readonly start: number;
  readonly end: number;
  readonly label: string;
}

function breaksOf(request: PlanRequest): TimelineBreak[] {
  const zone = request.park.time_zone;
  return request.breaks
    .map((window) => {
      const start = DateTime.fromISO(`${request.date}T${window.start}`, { zone }).toMillis();
      const end = DateTime.fromISO(`${request.date}T${window.end}`, { zone }).toMillis();
      return { start, end, label: `${clockTime(start, zone)}–${clockTime(end, zone)}` };
    })
    .sort((a, b) => a.start - b.start);
}

function breakRowHtml(item: TimelineBreak): string {
  return `<tr class="break-row" data-break="${item.start}"><th scope="row">Break</th><td colspan="7">${escapeHtml(item.label)}: a meal, no ride planned across it</td></tr>`;
}

/** The held windows' labels by ride ID, for the steps ridden through them. */
function heldWindows(request: PlanRequest): Record<string, string> {
  const zone = request.park.time_zone;
  const at = (time: string) =>
    clockTime(DateTime.fromISO(`${request.date}T${time}`, { zone }).toMillis(), zone);
  return Object.fromEntries(
    request.returns.map(({ ride, window }) => [ride.id, `${at(window.start)}–${at(window.end)}`]),
  );
}

function planHtml(plan: TouringPlan, request: PlanRequest, today: boolean, stream: string): string {
  const zone = plan.park.time_zone;
  const at = (epoch: number) => clockTime(epoch, zone);
  const breaks = breaksOf(request);
  const held = heldWindows(request);
  const rows: string[] = [];
  let nextBreak = 0;
  plan.steps.forEach((step, index) => {
    // A step never runs across a break, so a break comes before the first step that leaves after it starts.
    while (breaks[nextBreak] && step.depart_at > (breaks[nextBreak]?.start ?? 0))
      rows.push(breakRowHtml(breaks[nextBreak++] as TimelineBreak));
    const via =
      step.via === 'standby'
        ? 'standby'
        : `<strong>return window</strong> <span class="note">(held ${escapeHtml(held[step.ride.id] ?? '')})</span>`;
    rows.push(`<tr data-ride="${escapeHtml(step.ride.id)}" data-name="${escapeHtml(step.ride.name)}" data-via="${step.via}">
<th scope="row">${index + 1}. ${escapeHtml(step.ride.name)} <span class="note">${escapeHtml(step.ride.land)}</span></th>
<td>${at(step.arrive_at)}</td><td>${Math.round(step.walk_minutes)} min</td>
<td>${Math.round(step.predicted_wait_minutes)} min <span class="note">(${Math.round(step.lower_bound)}–${Math.round(step.upper_bound)})</span></td>
<td>${step.estimated_actual_wait_minutes === null ? '—' : `${Math.round(step.estimated_actual_wait_minutes)} min`}</td>
<td>${Math.round(step.ride_minutes)} min</td><td>${at(step.depart_at)}</td>
<td>${via}</td>
</tr>`);
  });
  for (const item of breaks.slice(nextBreak)) rows.push(breakRowHtml(item));
  const notPlanned = `<div id="plan-missing"${plan.not_planned.length ? '' : ' hidden'}><h3>Not planned</h3><ul id="plan-not-planned">${plan.not_planned
    .map(({ ride, reason }) => `<li>${escapeHtml(ride.name)}: ${REASONS[reason]}</li>`)
    .join('')}</ul></div>`;
  const given = plan.given_order_wait_minutes;
  const shortest = plan.shortest_wait_now_wait_minutes;
  const total = plan.total_wait_minutes;
  const query = planQueryOf(request);
  // The script re-plans from the current moment and adds what has been ridden itself.
  for (const name of ['start', 'done', 'from']) query.delete(name);
  return `<section id="plan" aria-labelledby="plan-heading">
<h2 id="plan-heading">Your plan for ${escapeHtml(plan.date)}</h2>
<p class="note">Based on ${plan.basis === 'live' ? "today's live waits and nowcast" : 'the forecast'}; ${plan.method === 'exact' ? 'this order is proven best on these predictions' : 'this order was found by search'}.</p>${plan.note === null ? '' : `\n<p class="note" id="plan-hours">${escapeHtml(plan.note)}</p>`}
<div class="scroll" role="region" aria-labelledby="plan-heading" tabindex="0"><table class="plan">
<caption>Rides in order, from ${at(plan.start_at)} to ${at(plan.end_at)}</caption>
<thead><tr><th scope="col">Ride</th><th scope="col">Arrive</th><th scope="col">Walk</th><th scope="col">Predicted wait (80% range)</th><th scope="col">Estimated actual wait</th><th scope="col">Ride</th><th scope="col">Leave</th><th scope="col">Via</th></tr></thead>
<tbody id="plan-steps">
${rows.join('\n')}
</tbody></table></div>
${notPlanned}
<h3>Totals</h3>
<ul id="plan-totals">
<li>Wait ${Math.round(total)} min, walk ${Math.round(plan.total_walk_minutes)} min, finished by ${at(plan.finish_at)}.</li>
<li>In the order you chose: ${Math.round(given)} min in line (this plan saves ${Math.max(0, Math.round(given - total))} min).</li>
<li>Always taking the shortest wait now: ${Math.round(shortest)} min (this plan saves ${Math.max(0, Math.round(shortest - total))} min).</li>
<li>No order can wait less than ${Math.round(plan.lower_bound_wait_minutes)} min on these predictions.</li>
</ul>
<p class="note" id="plan-live" role="status">${today ? 'On the day, tick rides off as you ride them: the rest is re-planned, and re-planned again when a planned ride’s wait moves or it goes down.' : ''}</p>
<script type="application/json" id="plan-data">${jsonScript({
    today,
    park: plan.park.key,
    zone,
    stream,
    query: query.toString(),
    rides: request.rides.map((ride) => ride.id),
    names: Object.fromEntries(request.rides.map((ride) => [ride.id, ride.name])),
    done: request.done.map((ride) => ride.id),
    breaks: breaks.map(({ start, label }) => ({ start, label })),
    held,
  })}</script>
</section>`;
}

export async function renderPlanPage(
  park: Park,
  query: Readonly<Record<string, unknown>>,
  context: ApiContext,
  scripts: readonly string[],
): Promise<string> {
  const form = parsePlanForm(query);
  const now = context.clock.now();
  const asked =
    form.rides.length > 0 ||
    form.date !== '' ||
    form.start !== '' ||
    form.end !== '' ||
    form.breaks.length > 0 ||
    form.returns.length > 0;
  let body = '';
  if (asked) {
    try {
      const request = parsePlanQuery(planQueryOfForm(form), park, context);
      const plan = await context.services.plan.plan(request);
      const stream = `/v1/parks/${park.key}/waits/stream`;
      body = planHtml(plan, request, plan.date === localDate(now, park.time_zone), stream);
    } catch (error) {
      if (!(error instanceof ApiError || error instanceof PlanRequestError)) throw error;
      body = `<p class="banner nodata" role="alert" id="plan-problem"><strong>Cannot plan this:</strong> ${escapeHtml(error.message)}</p>`;
    }
  }
  const main = `<p class="crumbs"><a href="/">Parks</a> › <a href="/parks/${escapeHtml(park.key)}">${escapeHtml(park.name)}</a></p>
<h1>Plan a day at ${escapeHtml(park.name)}</h1>
<p class="note">Choose rides; the plan orders them to wait least in line. Times are park time (${escapeHtml(zoneName(now, park.time_zone))}).</p>
${body}
${formHtml(park, form, localDate(now, park.time_zone))}`;
  const pageUrl = `${context.links.parkPage(park)}/plan`;
  return renderPage({
    title: `Plan a day at ${park.name} · queuecast`,
    description: `A touring plan for ${park.name}: your rides in the order that waits least, from predicted waits.`,
    canonical: pageUrl,
    attribution: context.envelopes.attribution(context.links.parkPage(park)),
    credits: sourceCredits(context.config.feed),
    main,
    scripts,
  });
}
