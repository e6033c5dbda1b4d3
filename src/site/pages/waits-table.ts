/**
 * The live waits table of a park page: rows from the same presenter `/waits` and the stream
 * snapshot use (`presentParkWaits`), so the page never shows a number the API would withhold.
 * Sorting and filtering work as links and a GET form without JavaScript; the park script
 * (`assets/park-script.ts`) does the same in place and renders rows with the same markup.
 */
import type { LiveEntryView } from '../../http/resources/live-entry.js';
import type { Attraction, AttractionType, Park } from '../../catalog/types.js';
import { escapeHtml } from '../docs/escape.js';
import {
  STATUS_LABELS,
  TYPE_LABELS,
  actualWaitLabel,
  clockTimeOf,
  money,
  priorityLaneLabel,
  waitLabel,
} from '../format.js';

export const SORTS = ['name', 'wait', 'status'] as const;
export type WaitsSort = (typeof SORTS)[number];

/** What the table shows: a type and a land (or all), in one order. */
export interface WaitsQuery {
  readonly type: AttractionType | 'all';
  readonly land: string;
  readonly sort: WaitsSort;
}

const TYPES: readonly AttractionType[] = ['ride', 'show', 'experience', 'meet'];

export function landsOf(park: Park): string[] {
  return [...new Set(park.attractions.map((a) => a.land))].sort((a, b) => a.localeCompare(b));
}

/**
 * The query a request asks for, with anything unknown read as "all" (a page, unlike the API, shows
 * the whole table rather than an error), so the set of prepared pages stays bounded.
 */
export function parseWaitsQuery(park: Park, raw: Readonly<Record<string, unknown>>): WaitsQuery {
  const text = (name: string) => (typeof raw[name] === 'string' ? raw[name] : '');
  const type = TYPES.find((t) => t === text('type')) ?? 'all';
  const land = landsOf(park).find((l) => l === text('land')) ?? 'all';
  const sort = SORTS.find((s) => s === text('sort')) ?? 'name';
  return { type, land, sort };
}

export function waitsQueryKey(query: WaitsQuery): string {
  return `${query.type}|${query.land}|${query.sort}`;
}

/** Status order for sorting: running rides first, then delays, then closed, then unknown. */
const STATUS_ORDER: Readonly<Record<LiveEntryView['status'], number>> = {
  OPERATING: 0,
  BRIEF_DELAY: 1,
  DOWN: 2,
  WEATHER_DELAY: 3,
  CLOSED: 4,
  REFURBISHMENT: 5,
  unavailable: 6,
};

export function sortEntries(entries: readonly LiveEntryView[], sort: WaitsSort): LiveEntryView[] {
  const byName = (a: LiveEntryView, b: LiveEntryView) => a.name.localeCompare(b.name);
  const compare: Record<WaitsSort, (a: LiveEntryView, b: LiveEntryView) => number> = {
    name: byName,
    // Longest wait first; rides without a number last.
    wait: (a, b) => (b.standby_wait_minutes ?? -1) - (a.standby_wait_minutes ?? -1) || byName(a, b),
    status: (a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || byName(a, b),
  };
  return [...entries].sort(compare[sort]);
}

export function laneCell(lane: LiveEntryView['priority_lane'], zone: string): string {
  if (!lane) return '—';
  const start = clockTimeOf(lane.return_start, zone);
  const end = clockTimeOf(lane.return_end, zone);
  const window =
    lane.state === 'FINISHED' || !start ? 'Sold out' : `${start}<span class="to">–${end ?? ''}</span>`;
  const price = lane.price === null ? '' : `<span class="sub">${money(lane.price, 'USD')}</span>`;
  return `${window}${price}`;
}

function actualWaitSub(entry: LiveEntryView): string {
  const label = actualWaitLabel(entry);
  return label === '' ? '' : `<span class="sub actual">${label}</span>`;
}

export function waitsRow(entry: LiveEntryView, ride: Attraction | undefined, park: Park): string {
  const land = ride?.land ?? '';
  const name = ride
    ? `<a href="/parks/${escapeHtml(park.key)}/rides/${escapeHtml(ride.slug)}">${escapeHtml(entry.name)}</a>`
    : escapeHtml(entry.name);
  const sub = [land, TYPE_LABELS[entry.type]].filter(Boolean).join(' · ');
  return `<tr data-id="${escapeHtml(entry.ride_id)}" data-type="${entry.type}" data-land="${escapeHtml(land)}">
<td>${name}<span class="sub">${escapeHtml(sub)}</span></td>
<td><span class="status s-${entry.status}">${STATUS_LABELS[entry.status]}</span></td>
<td class="num">${waitLabel(entry.standby_wait_minutes)}${actualWaitSub(entry)}</td>
<td class="num col-sr">${waitLabel(entry.single_rider_wait_minutes)}</td>
${laneTd(entry.priority_lane, park)}
</tr>`;
}

/**
 * The priority-lane cell, labelled with the lane's brand for phones, where the table's columns
 * stack under the attraction and its header is not shown (site-css.ts); a row without a lane shows
 * nothing there.
 */
function laneTd(lane: LiveEntryView['priority_lane'], park: Park): string {
  const label = escapeHtml(priorityLaneLabel(park.resort));
  return `<td class="lane${lane ? '' : ' none'}" data-label="${label}">${laneCell(lane, park.time_zone)}</td>`;
}

export function visibleEntries(
  entries: readonly LiveEntryView[],
  park: Park,
  query: WaitsQuery,
): LiveEntryView[] {
  const rides = new Map(park.attractions.map((a) => [a.id, a]));
  const shown = entries.filter(
    (entry) =>
      (query.type === 'all' || entry.type === query.type) &&
      (query.land === 'all' || rides.get(entry.ride_id)?.land === query.land),
  );
  return sortEntries(shown, query.sort);
}

function option(value: string, label: string, selected: boolean): string {
  return `<option value="${escapeHtml(value)}"${selected ? ' selected' : ''}>${escapeHtml(label)}</option>`;
}

export function filtersForm(park: Park, query: WaitsQuery): string {
  const types = [option('all', 'All types', query.type === 'all')].concat(
    TYPES.map((t) => option(t, `${TYPE_LABELS[t]}s`, query.type === t)),
  );
  const lands = [option('all', 'All lands', query.land === 'all')].concat(
    landsOf(park).map((l) => option(l, l, query.land === l)),
  );
  const sorts = SORTS.map((s) =>
    option(s, { name: 'Name', wait: 'Longest wait', status: 'Status' }[s], query.sort === s),
  );
  return `<form class="filters" method="get" action="/parks/${escapeHtml(park.key)}#waits">
<label>Type <select name="type">${types.join('')}</select></label>
<label>Land <select name="land">${lands.join('')}</select></label>
<label>Sort by <select name="sort">${sorts.join('')}</select></label>
<button class="primary" type="submit">Show</button>
</form>`;
}

function sortHeader(label: string, sort: WaitsSort, query: WaitsQuery, numeric: boolean): string {
  const params = new URLSearchParams({
    ...(query.type === 'all' ? {} : { type: query.type }),
    ...(query.land === 'all' ? {} : { land: query.land }),
    sort,
  });
  const current = query.sort === sort ? ` aria-sort="${sort === 'wait' ? 'descending' : 'ascending'}"` : '';
  return `<th scope="col"${numeric ? ' class="num"' : ''}${current} data-sort="${sort}"><a href="?${escapeHtml(params.toString())}#waits">${label}</a></th>`;
}

export function waitsTable(entries: readonly LiveEntryView[], park: Park, query: WaitsQuery): string {
  const rides = new Map(park.attractions.map((a) => [a.id, a]));
  const rows = visibleEntries(entries, park, query).map((entry) =>
    waitsRow(entry, rides.get(entry.ride_id), park),
  );
  return `<div class="scroll"><table id="waits-table">
<caption class="visually-hidden">Live waits at ${escapeHtml(park.name)}</caption>
<thead><tr>${sortHeader('Attraction', 'name', query, false)}${sortHeader('Status', 'status', query, false)}${sortHeader('Standby', 'wait', query, true)}<th scope="col" class="num col-sr">Single rider</th><th scope="col">${escapeHtml(priorityLaneLabel(park.resort))}</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody></table></div>
<p class="note" id="waits-empty"${rows.length === 0 ? '' : ' hidden'}>No attraction matches these filters right now.</p>`;
}
