/**
 * The plan page's script, on the day itself. Each planned ride gets a "Ridden" box: ticking one
 * re-plans at once through `/v1/parks/{park}/plan` with the ticked rides in `done` and the last in
 * `from`, and keeps them in the page's address so a reload keeps them.
 *
 * It also follows the park's SSE stream (`/v1/parks/{park}/waits/stream`, which takes no key, as
 * the park page's does) and re-plans when a ride still to ride changes enough to matter:
 * - its status leaves operating (down, a delay, closed) or comes back to it;
 * - its posted wait moves, against the wait posted when the plan was last made, by at least
 *   10 minutes and at least a quarter. Operators post waits in 5-minute steps, so one step is
 *   rounding, and a few minutes either way sit inside the plan's 80% range; the service also fades
 *   a posted wait into the nowcast within the hour, so a small move rarely reorders anything, while
 *   a move of two steps and a quarter of the wait changes that ride's cost against its neighbours.
 * Stream-driven re-plans come at most once per 30 seconds (waits change every few minutes; a burst
 * of changes gives one re-plan, and a keyless visitor's request budget is kept). Only while the
 * stream cannot connect does a slow poll re-plan every five minutes instead. Without the script the
 * page shows the server's plan.
 */
export const PLAN_SCRIPT = String.raw`(function () {
  'use strict';
  var el = document.getElementById('plan-data');
  var body = document.getElementById('plan-steps');
  if (!el || !body || !window.fetch) return;
  var d = JSON.parse(el.textContent);
  if (!d.today) return;
  var THROTTLE_MS = 30000;
  var POLL_MS = 300000;
  var MIN_WAIT_MOVE = 10;
  var MIN_WAIT_SHARE = 0.25;
  var done = d.done.slice();
  var status = document.getElementById('plan-live');
  var missingBox = document.getElementById('plan-missing');
  var missing = document.getElementById('plan-not-planned');
  var totals = document.getElementById('plan-totals');
  var clock = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: d.zone });
  var REASONS = { closed: 'not operating between start and end', down: 'down now, with no reopening expected before the end', refurbishment: 'closed for refurbishment', out_of_time: 'does not fit before the end' };
  var time = function (iso) { return clock.format(new Date(iso)); };
  var min = function (v) { return Math.round(v) + ' min'; };
  var entries = {};
  var basis = null;
  var lastPlan = Date.now();
  var timer = null;
  var poll = null;
  var source = null;
  var messages = 0;

  function cell(tag, text) { var c = document.createElement(tag); c.textContent = text; return c; }
  function box(id, name) {
    var label = document.createElement('label');
    var input = document.createElement('input');
    input.type = 'checkbox';
    input.value = id;
    input.addEventListener('change', function () { if (input.checked) tick(id, name); });
    label.appendChild(input);
    label.appendChild(document.createTextNode(' Ridden'));
    label.className = 'tick';
    label.setAttribute('aria-label', 'Ridden ' + name);
    return label;
  }
  function addBoxes() {
    Array.prototype.forEach.call(body.querySelectorAll('tr[data-ride]'), function (row) {
      var head = row.querySelector('th');
      if (head && !row.querySelector('.tick')) head.appendChild(box(row.getAttribute('data-ride'), row.getAttribute('data-name')));
    });
  }
  function breakRow(b) {
    var row = document.createElement('tr');
    row.className = 'break-row';
    row.setAttribute('data-break', String(b.start));
    var head = cell('th', 'Break'); head.scope = 'row'; row.appendChild(head);
    var text = cell('td', b.label + ': a meal, no ride planned across it'); text.colSpan = 7; row.appendChild(text);
    return row;
  }
  function viaCell(s) {
    var c = document.createElement('td');
    if (s.via === 'standby') { c.textContent = 'standby'; return c; }
    c.appendChild(cell('strong', 'return window'));
    c.appendChild(document.createTextNode(' '));
    var note = cell('span', '(held ' + (d.held[s.ride_id] || '') + ')'); note.className = 'note';
    c.appendChild(note);
    return c;
  }
  function render(plan) {
    body.textContent = '';
    var next = 0;
    plan.steps.forEach(function (s, i) {
      // A step never runs across a break: a break comes before the first step leaving after it starts.
      while (next < d.breaks.length && Date.parse(s.depart_at) > d.breaks[next].start) body.appendChild(breakRow(d.breaks[next++]));
      var row = document.createElement('tr');
      row.setAttribute('data-ride', s.ride_id);
      row.setAttribute('data-name', s.name);
      row.setAttribute('data-via', s.via);
      var head = cell('th', (i + 1) + '. ' + s.name + ' ');
      head.scope = 'row';
      var land = cell('span', s.land); land.className = 'note'; head.appendChild(land);
      row.appendChild(head);
      row.appendChild(cell('td', time(s.arrive_at)));
      row.appendChild(cell('td', min(s.walk_minutes)));
      var wait = cell('td', min(s.predicted_wait_minutes) + ' ');
      var range = cell('span', '(' + Math.round(s.lower_bound) + '\u2013' + Math.round(s.upper_bound) + ')'); range.className = 'note';
      wait.appendChild(range);
      row.appendChild(wait);
      row.appendChild(cell('td', s.estimated_actual_wait_minutes == null ? '\u2014' : min(s.estimated_actual_wait_minutes)));
      row.appendChild(cell('td', min(s.ride_minutes)));
      row.appendChild(cell('td', time(s.depart_at)));
      row.appendChild(viaCell(s));
      body.appendChild(row);
    });
    while (next < d.breaks.length) body.appendChild(breakRow(d.breaks[next++]));
    if (missing && missingBox) {
      missing.textContent = '';
      plan.not_planned.forEach(function (n) { missing.appendChild(cell('li', (d.names[n.ride_id] || n.ride_id) + ': ' + REASONS[n.reason])); });
      missingBox.hidden = plan.not_planned.length === 0;
    }
    if (totals) {
      var total = plan.totals.wait_minutes;
      var saves = function (other) { return Math.max(0, Math.round(other - total)); };
      totals.textContent = '';
      [
        'Wait ' + min(total) + ', walk ' + min(plan.totals.walk_minutes) + ', finished by ' + time(plan.totals.finish_at) + '.',
        'In the order you chose: ' + min(plan.given_order_wait_minutes) + ' in line (this plan saves ' + saves(plan.given_order_wait_minutes) + ' min).',
        'Always taking the shortest wait now: ' + min(plan.shortest_wait_now_wait_minutes) + ' (this plan saves ' + saves(plan.shortest_wait_now_wait_minutes) + ' min).',
        'No order can wait less than ' + min(plan.lower_bound_wait_minutes) + ' on these predictions.'
      ].forEach(function (text) { totals.appendChild(cell('li', text)); });
    }
    addBoxes();
  }
  function planned(id) { return d.rides.indexOf(id) >= 0 && done.indexOf(id) < 0; }
  function operating(e) { return e && e.status === 'OPERATING'; }
  // What each planned ride shows now: the state a re-plan is made on and later changes are measured from.
  function snapshotOfEntries() {
    var copy = {};
    Object.keys(entries).forEach(function (id) { copy[id] = { status: entries[id].status, wait: entries[id].standby_wait_minutes }; });
    return copy;
  }
  function reasonToReplan() {
    if (!basis) return null;
    for (var i = 0; i < d.rides.length; i++) {
      var id = d.rides[i];
      var was = basis[id];
      var now = entries[id];
      if (!planned(id) || !was || !now) continue;
      if (operating(was) && !operating(now)) return now.status === 'CLOSED' ? now.name + ' closed' : now.name + ' went down';
      if (!operating(was) && operating(now)) return now.name + ' reopened';
      if (!operating(now) || was.wait == null || now.standby_wait_minutes == null) continue;
      var move = now.standby_wait_minutes - was.wait;
      if (Math.abs(move) >= MIN_WAIT_MOVE && Math.abs(move) >= MIN_WAIT_SHARE * Math.max(was.wait, 1))
        return now.name + '\u2019s wait ' + (move > 0 ? 'rose' : 'fell') + ' to ' + now.standby_wait_minutes + ' min';
    }
    return null;
  }
  function replan(reason) {
    lastPlan = Date.now();
    basis = snapshotOfEntries();
    var q = new URLSearchParams(d.query);
    if (done.length) { q.set('done', done.join(',')); q.set('from', done[done.length - 1]); }
    return fetch('/v1/parks/' + encodeURIComponent(d.park) + '/plan?' + q.toString(), { headers: { accept: 'application/json' } })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (plan) {
        // No hours to plan within (a park that publishes none): the last plan stands.
        if (plan && plan.data_status === 'unavailable') plan = null;
        if (!plan) { if (status) status.textContent = 'Could not re-plan; showing the last plan.'; return; }
        render(plan);
        if (status) status.textContent = 'Re-planned at ' + time(plan.generated_at) + (reason ? ' because ' + reason : '') + '.';
        body.setAttribute('data-replanned', reason || '');
      })
      .catch(function () { if (status) status.textContent = 'Could not re-plan; showing the last plan.'; });
  }
  function consider() {
    var reason = reasonToReplan();
    if (!reason) return;
    var wait = lastPlan + THROTTLE_MS - Date.now();
    if (wait <= 0) { replan(reason); return; }
    if (!timer) timer = setTimeout(function () {
      timer = null;
      // Changes since may have undone the move: ask again what differs from the last plan's basis.
      var still = reasonToReplan();
      if (still) replan(still);
    }, wait);
  }
  function tick(id, name) {
    if (done.indexOf(id) < 0) done.push(id);
    var url = new URL(window.location.href);
    url.searchParams.set('done', done.join(','));
    url.searchParams.set('from', id);
    url.searchParams.delete('start');
    history.replaceState(null, '', url.toString());
    Array.prototype.forEach.call(document.querySelectorAll('input[name=done],input[name=from]'), function (input) {
      input.value = input.name === 'done' ? done.join(',') : id;
    });
    replan('you rode ' + name);
  }
  function startPolling() {
    if (!poll) poll = setInterval(function () { replan(''); }, POLL_MS);
  }
  function stopPolling() {
    if (poll) { clearInterval(poll); poll = null; }
  }
  addBoxes();
  if (!window.EventSource) { startPolling(); return; }
  source = new EventSource(d.stream);
  source.onopen = stopPolling;
  source.onmessage = function (event) {
    var m = JSON.parse(event.data);
    if (m.type === 'snapshot') {
      entries = {};
      m.entries.forEach(function (e) { entries[e.ride_id] = e; });
      if (!basis) basis = snapshotOfEntries();
      else consider();
    } else if (m.type === 'changes') {
      m.changes.forEach(function (e) { entries[e.ride_id] = e; });
      consider();
    }
    body.setAttribute('data-stream', String(++messages));
  };
  // The browser retries a dropped stream by itself; while it cannot connect, the slow poll stands in.
  source.onerror = startPolling;
})();
`;
