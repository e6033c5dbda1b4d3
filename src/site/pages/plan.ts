/**
 * A park's plan page (`/parks/{park}/plan`): a GET form (rides chosen by land, date, start, end,
 * pace) that the server renders into a touring plan from the plan service, so the page works with
 * scripts off. A choice the service refuses is stated on the page, above the form kept filled.
 */
import type { Attraction, Park } from '../../catalog/types.js';
import { sourceCredits } from '../../feeds/sources.js';
import type { ApiContext } from '../../http/context.js';
import { ApiError } from '../../http/errors.js';
import { resolveDate } from '../../http/params.js';
import { localDate } from '../../lib/time.js';
import { FORECAST_DAYS } from '../../models/horizon-bands.js';
import { WALKING_PACES, type WalkingPace } from '../../models/plan/walking.js';
import { PLAN_MAX_RIDES, PlanRequestError, type TouringPlan } from '../../services/plan.js';
import { escapeHtml } from '../docs/escape.js';
import { clockTime, zoneName } from '../format.js';
import { jsonScript } from './json-script.js';
import { renderPage } from './layout.js';

const CLOCK_TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const DATE_BOUNDS = { maxDaysAhead: FORECAST_DAYS - 1, meaning: 'Park-local date of the plan' };

/** What the visitor chose, as sent (so the form is refilled exactly, valid or not). */
export interface PlanForm {
  readonly rides: readonly string[];
  readonly date: string;
  readonly start: string;
  readonly end: string;
  readonly pace: string;
  readonly done: readonly string[];
  readonly from: string;
}

const listOf = (raw: unknown): string[] => {
  const values = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  return values
    .flatMap((value) => (typeof value === 'string' ? value.split(',') : []))
    .map((value) => value.trim())
    .filter((value) => value !== '');
};
const textOf = (raw: unknown): string => {
  const first: unknown = Array.isArray(raw) ? raw[0] : raw;
  return typeof first === 'string' ? first.trim() : '';
};

export function parsePlanForm(query: Readonly<Record<string, unknown>>): PlanForm {
  return {
    rides: listOf(query.rides),
    date: textOf(query.date),
    start: textOf(query.start),
    end: textOf(query.end),
    pace: textOf(query.pace) || 'normal',
    done: listOf(query.done),
    from: textOf(query.from),
  };
}

class FormProblem extends Error {}

function rideOf(context: ApiContext, park: Park, name: string, field: string): Attraction {
  const found = context.catalog.ride(name, park);
  if (found.kind !== 'found') throw new FormProblem(`${field}: "${name}" is not a ride of ${park.name}.`);
  return found.ride;
}

async function planFor(context: ApiContext, park: Park, form: PlanForm): Promise<TouringPlan> {
  if (form.rides.length === 0) throw new FormProblem('Choose at least one ride.');
  if (form.rides.length > PLAN_MAX_RIDES)
    throw new FormProblem(`Choose at most ${PLAN_MAX_RIDES} rides; you chose ${form.rides.length}.`);
  for (const [field, value] of [
    ['Start', form.start],
    ['End', form.end],
  ] as const) {
    if (value !== '' && !CLOCK_TIME.test(value))
      throw new FormProblem(`${field} must be a time HH:MM (24-hour); got "${value}".`);
  }
  if (form.start !== '' && form.end !== '' && form.end <= form.start)
    throw new FormProblem(`End (${form.end}) must be after start (${form.start}).`);
  const pace = WALKING_PACES.find((value) => value === form.pace);
  if (!pace) throw new FormProblem(`Pace must be one of ${WALKING_PACES.join(', ')}.`);
  const date = resolveDate(form.date || undefined, park.time_zone, context.clock.now(), DATE_BOUNDS);
  const rides = [
    ...new Map(form.rides.map((name) => rideOf(context, park, name, 'Rides')).map((r) => [r.id, r])).values(),
  ];
  return context.services.plan.plan({
    park,
    date,
    rides,
    start: form.start || undefined,
    end: form.end || undefined,
    pace: pace satisfies WalkingPace,
    breaks: [],
    returns: [],
    done: form.done.map((name) => rideOf(context, park, name, 'Done')),
    from: form.from === '' ? undefined : rideOf(context, park, form.from, 'From'),
  });
}

function formHtml(park: Park, form: PlanForm, today: string): string {
  const chosen = new Set(form.rides);
  const lands = new Map<string, Attraction[]>();
  for (const ride of park.attractions) lands.set(ride.land, [...(lands.get(ride.land) ?? []), ride]);
  const fieldsets = [...lands]
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

function planHtml(plan: TouringPlan, form: PlanForm, today: boolean): string {
  const zone = plan.park.time_zone;
  const at = (epoch: number) => clockTime(epoch, zone);
  const rows = plan.steps
    .map(
      (step, index) => `<tr data-ride="${escapeHtml(step.ride.id)}" data-name="${escapeHtml(step.ride.name)}">
<th scope="row">${index + 1}. ${escapeHtml(step.ride.name)} <span class="note">${escapeHtml(step.ride.land)}</span></th>
<td>${at(step.arrive_at)}</td><td>${Math.round(step.walk_minutes)} min</td>
<td>${Math.round(step.predicted_wait_minutes)} min <span class="note">(${Math.round(step.lower_bound)}–${Math.round(step.upper_bound)})</span></td>
<td>${step.estimated_actual_wait_minutes === null ? '—' : `${Math.round(step.estimated_actual_wait_minutes)} min`}</td>
<td>${Math.round(step.ride_minutes)} min</td><td>${at(step.depart_at)}</td>
<td>${step.via === 'standby' ? 'standby' : 'return window'}</td>
</tr>`,
    )
    .join('\n');
  const notPlanned = plan.not_planned.length
    ? `<h3>Not planned</h3><ul>${plan.not_planned
        .map(({ ride, reason }) => `<li>${escapeHtml(ride.name)}: ${REASONS[reason]}</li>`)
        .join('')}</ul>`
    : '';
  const given = plan.given_order_wait_minutes;
  const shortest = plan.shortest_wait_now_wait_minutes;
  const total = plan.total_wait_minutes;
  return `<section id="plan" aria-labelledby="plan-heading">
<h2 id="plan-heading">Your plan for ${escapeHtml(plan.date)}</h2>
<p class="note">Based on ${plan.basis === 'live' ? "today's live waits and nowcast" : 'the forecast'}; ${plan.method === 'exact' ? 'this order is proven best on these predictions' : 'this order was found by search'}.</p>
<div class="scroll"><table class="plan">
<caption>Rides in order, from ${at(plan.start_at)} to ${at(plan.end_at)}</caption>
<thead><tr><th scope="col">Ride</th><th scope="col">Arrive</th><th scope="col">Walk</th><th scope="col">Predicted wait (80% range)</th><th scope="col">Estimated actual wait</th><th scope="col">Ride</th><th scope="col">Leave</th><th scope="col">Via</th></tr></thead>
<tbody id="plan-steps">
${rows}
</tbody></table></div>
${notPlanned}
<h3>Totals</h3>
<ul id="plan-totals">
<li>Wait ${Math.round(total)} min, walk ${Math.round(plan.total_walk_minutes)} min, finished by ${at(plan.finish_at)}.</li>
<li>In the order you chose: ${Math.round(given)} min in line (this plan saves ${Math.max(0, Math.round(given - total))} min).</li>
<li>Always taking the shortest wait now: ${Math.round(shortest)} min (this plan saves ${Math.max(0, Math.round(shortest - total))} min).</li>
<li>No order can wait less than ${Math.round(plan.lower_bound_wait_minutes)} min on these predictions.</li>
</ul>
<p class="note" id="plan-live" role="status">${today ? 'On the day, tick rides off as you ride them: the rest is re-planned, and re-planned again as waits move.' : ''}</p>
<script type="application/json" id="plan-data">${jsonScript({
    today,
    park: plan.park.key,
    zone,
    rides: form.rides,
    pace: form.pace,
    end: form.end,
    done: form.done,
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
  const asked = form.rides.length > 0 || form.date !== '' || form.start !== '' || form.end !== '';
  let body = '';
  if (asked) {
    try {
      const plan = await planFor(context, park, form);
      body = planHtml(plan, form, plan.date === localDate(now, park.time_zone));
    } catch (error) {
      if (!(error instanceof FormProblem || error instanceof ApiError || error instanceof PlanRequestError))
        throw error;
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
