/**
 * The plan page's script, on the day itself: each planned ride gets a "Ridden" box; ticking one
 * re-plans through `/v1/parks/{park}/plan` with the ticked rides in `done` and the last in `from`,
 * and the ticks are kept in the page's address so a reload keeps them. The plan is also re-planned
 * every two minutes, so a wait that moves or a ride that goes down reorders the rest of the day.
 * Without it the page shows the server's plan.
 */
export const PLAN_SCRIPT = String.raw`(function () {
  'use strict';
  var el = document.getElementById('plan-data');
  var body = document.getElementById('plan-steps');
  if (!el || !body || !window.fetch) return;
  var d = JSON.parse(el.textContent);
  if (!d.today) return;
  var done = d.done.slice();
  var status = document.getElementById('plan-live');
  var time = function (iso) {
    return new Date(iso).toLocaleTimeString('en-GB', { timeZone: d.zone, hour: '2-digit', minute: '2-digit' });
  };
  var min = function (v) { return Math.round(v) + ' min'; };
  function cell(tag, text) { var c = document.createElement(tag); c.textContent = text; return c; }
  function box(id, name) {
    var label = document.createElement('label');
    var input = document.createElement('input');
    input.type = 'checkbox';
    input.value = id;
    input.addEventListener('change', function () { if (input.checked) tick(id); });
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
  function render(plan) {
    body.textContent = '';
    plan.steps.forEach(function (s, i) {
      var row = document.createElement('tr');
      row.setAttribute('data-ride', s.ride_id);
      row.setAttribute('data-name', s.name);
      var head = cell('th', (i + 1) + '. ' + s.name + ' ');
      head.scope = 'row';
      var land = cell('span', s.land); land.className = 'note'; head.appendChild(land);
      row.appendChild(head);
      row.appendChild(cell('td', time(s.arrive_at)));
      row.appendChild(cell('td', min(s.walk_minutes)));
      row.appendChild(cell('td', min(s.predicted_wait_minutes) + ' (' + Math.round(s.lower_bound) + '\u2013' + Math.round(s.upper_bound) + ')'));
      row.appendChild(cell('td', s.estimated_actual_wait_minutes == null ? '\u2014' : min(s.estimated_actual_wait_minutes)));
      row.appendChild(cell('td', min(s.ride_minutes)));
      row.appendChild(cell('td', time(s.depart_at)));
      row.appendChild(cell('td', s.via === 'standby' ? 'standby' : 'return window'));
      body.appendChild(row);
    });
    addBoxes();
    if (status) status.textContent = 'Re-planned at ' + time(new Date().toISOString()) + '.';
  }
  function replan() {
    var q = new URLSearchParams({ rides: d.rides.join(','), pace: d.pace });
    if (d.end) q.set('end', d.end);
    if (done.length) { q.set('done', done.join(',')); q.set('from', done[done.length - 1]); }
    return fetch('/v1/parks/' + encodeURIComponent(d.park) + '/plan?' + q.toString(), { headers: { accept: 'application/json' } })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (plan) { if (plan) render(plan); })
      .catch(function () { if (status) status.textContent = 'Could not re-plan; showing the last plan.'; });
  }
  function tick(id) {
    if (done.indexOf(id) < 0) done.push(id);
    var url = new URL(window.location.href);
    url.searchParams.set('done', done.join(','));
    url.searchParams.set('from', id);
    url.searchParams.delete('start');
    history.replaceState(null, '', url.toString());
    Array.prototype.forEach.call(document.querySelectorAll('input[name=done],input[name=from]'), function (input) {
      input.value = input.name === 'done' ? done.join(',') : id;
    });
    replan();
  }
  addBoxes();
  setInterval(replan, 120000);
})();
`;
