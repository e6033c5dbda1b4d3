/**
 * The park page's script: sorts and filters the waits table in place, and keeps it current over
 * the park's SSE stream (`snapshot`, then `changes` and `park` messages). Rows are rendered with the
 * markup of `pages/waits-table.ts` and times with the Intl options of `format.ts`, in the park's
 * zone. Plain ES2017, no build step; the page works without it (links and a GET form).
 */
export const PARK_SCRIPT = String.raw`(function () {
  'use strict';
  var data = read('park-data');
  var table = document.getElementById('waits-table');
  if (!data || !table || !window.EventSource) return;
  var tbody = table.tBodies[0];
  var form = document.querySelector('form.filters');
  var banner = document.getElementById('live-status');
  var parkStatus = document.getElementById('park-status');
  var empty = document.getElementById('waits-empty');
  var LABELS = { OPERATING: 'Operating', DOWN: 'Down', BRIEF_DELAY: 'Brief delay', WEATHER_DELAY: 'Weather delay', CLOSED: 'Closed', REFURBISHMENT: 'Refurbishment', unavailable: 'No live data' };
  var TYPES = { ride: 'Ride', experience: 'Experience', show: 'Show', meet: 'Meet' };
  var ORDER = { OPERATING: 0, BRIEF_DELAY: 1, DOWN: 2, WEATHER_DELAY: 3, CLOSED: 4, REFURBISHMENT: 5, unavailable: 6 };
  var time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: data.zone });
  var money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  var entries = {};
  (read('waits-data') || []).forEach(function (e) { entries[e.ride_id] = e; });
  var state = { type: value('type', 'all'), land: value('land', 'all'), sort: value('sort', 'name') };
  state.desc = state.sort === 'wait';

  function read(id) { var el = document.getElementById(id); return el ? JSON.parse(el.textContent) : null; }
  function value(name, fallback) { var el = form && form.elements[name]; return el ? el.value : fallback; }
  function esc(s) { return String(s).replace(/[&<>"']/g, function (c) { return '&#' + c.charCodeAt(0) + ';'; }); }
  function wait(m) { return m === null ? '\u2014' : m + ' min'; }
  function actual(e) {
    if (e.estimated_actual_wait_minutes == null || e.estimated_actual_low_minutes == null || e.estimated_actual_high_minutes == null) return '';
    return '<span class="sub actual">\u2248 ' + e.estimated_actual_wait_minutes + ' min actual (est. ' + e.estimated_actual_low_minutes + '\u2013' + e.estimated_actual_high_minutes + ')</span>';
  }
  function clock(iso) { return iso ? time.format(new Date(iso)) : ''; }
  function lane(l) {
    if (!l) return '\u2014';
    var w = l.state === 'FINISHED' || !l.return_start ? 'Sold out' : clock(l.return_start) + '<span class="to">\u2013' + clock(l.return_end) + '</span>';
    return w + (l.price === null ? '' : '<span class="sub">' + money.format(l.price) + '</span>');
  }
  function row(e) {
    var ride = data.rides[e.ride_id];
    var land = ride ? ride[1] : '';
    var name = ride ? '<a href="/parks/' + esc(data.park) + '/rides/' + esc(ride[0]) + '">' + esc(e.name) + '</a>' : esc(e.name);
    var sub = [land, TYPES[e.type]].filter(Boolean).join(' \u00b7 ');
    return '<tr data-id="' + esc(e.ride_id) + '" data-type="' + e.type + '" data-land="' + esc(land) + '">' +
      '<td>' + name + '<span class="sub">' + esc(sub) + '</span></td>' +
      '<td><span class="status s-' + e.status + '">' + LABELS[e.status] + '</span></td>' +
      '<td class="num">' + wait(e.standby_wait_minutes) + actual(e) + '</td>' +
      '<td class="num col-sr">' + wait(e.single_rider_wait_minutes) + '</td>' +
      '<td class="lane' + (e.priority_lane ? '' : ' none') + '" data-label="' + esc(data.lane) + '">' + lane(e.priority_lane) + '</td></tr>';
  }
  function compare(a, b) {
    var byName = a.name.localeCompare(b.name);
    var d = 0;
    if (state.sort === 'wait') d = (b.standby_wait_minutes === null ? -1 : b.standby_wait_minutes) - (a.standby_wait_minutes === null ? -1 : a.standby_wait_minutes);
    else if (state.sort === 'status') d = ORDER[a.status] - ORDER[b.status];
    else d = byName;
    var defaultDesc = state.sort === 'wait';
    if (state.desc !== defaultDesc) d = -d;
    return d || byName;
  }
  function render() {
    var shown = Object.keys(entries).map(function (id) { return entries[id]; }).filter(function (e) {
      var ride = data.rides[e.ride_id];
      return (state.type === 'all' || e.type === state.type) && (state.land === 'all' || (ride && ride[1] === state.land));
    }).sort(compare);
    tbody.innerHTML = shown.map(row).join('');
    if (empty) empty.hidden = shown.length > 0;
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th) {
      var s = th.getAttribute('data-sort');
      if (!s) return;
      if (s === state.sort) th.setAttribute('aria-sort', state.desc ? 'descending' : 'ascending');
      else th.removeAttribute('aria-sort');
    });
  }
  function remember() {
    var q = new URLSearchParams();
    if (state.type !== 'all') q.set('type', state.type);
    if (state.land !== 'all') q.set('land', state.land);
    if (state.sort !== 'name') q.set('sort', state.sort);
    var text = q.toString();
    history.replaceState(null, '', location.pathname + (text ? '?' + text : '') + location.hash);
  }
  if (form) {
    form.addEventListener('change', function () {
      state.type = value('type', 'all'); state.land = value('land', 'all');
      var sort = value('sort', 'name');
      if (sort !== state.sort) { state.sort = sort; state.desc = sort === 'wait'; }
      render(); remember();
    });
    form.addEventListener('submit', function (event) { event.preventDefault(); });
    // Choices apply as they are made: the button is for readers without this script.
    var button = form.querySelector('button[type=submit]');
    if (button) button.hidden = true;
  }
  table.tHead.addEventListener('click', function (event) {
    var th = event.target.closest('th[data-sort]');
    if (!th) return;
    event.preventDefault();
    var sort = th.getAttribute('data-sort');
    if (sort === state.sort) state.desc = !state.desc;
    else { state.sort = sort; state.desc = sort === 'wait'; }
    if (form && form.elements.sort) form.elements.sort.value = sort;
    render(); remember();
  });
  function live(status, at, reason) {
    if (!banner) return;
    if (status === 'unavailable') {
      banner.className = 'banner nodata';
      banner.innerHTML = '<strong>No live data.</strong> ' + esc(reason || '');
    } else {
      banner.className = 'banner';
      banner.innerHTML = '<strong>Live</strong>' + (at ? ' \u00b7 updated ' + clock(at) : '');
    }
  }
  function park(s) {
    if (!parkStatus) return;
    parkStatus.textContent = s === 'open' ? 'Open' : s === 'closed' ? 'Closed' : 'No live data';
    parkStatus.className = 'status ' + (s === 'open' ? 'open' : s === 'closed' ? 'closed' : 'nodata');
  }
  var source = new EventSource(data.stream);
  source.onmessage = function (event) {
    var m = JSON.parse(event.data);
    if (m.type === 'snapshot') {
      entries = {};
      m.entries.forEach(function (e) { entries[e.ride_id] = e; });
      live(m.data_status, m.refreshed_at, m.unavailable_reason);
      park(m.park_status);
    } else if (m.type === 'changes') {
      m.changes.forEach(function (e) { entries[e.ride_id] = e; });
      m.removed.forEach(function (id) { delete entries[id]; });
      live('live', m.at);
    } else if (m.type === 'park') {
      park(m.state);
      return;
    } else if (m.type === 'error' && m.code === 'upstream_unavailable') {
      // The park's data stopped being current: no number stays on screen (the reconnect's
      // snapshot says when it is back).
      Object.keys(entries).forEach(function (id) {
        var e = entries[id];
        entries[id] = { ride_id: e.ride_id, name: e.name, type: e.type, status: 'unavailable', standby_wait_minutes: null, estimated_actual_wait_minutes: null, estimated_actual_low_minutes: null, estimated_actual_high_minutes: null, single_rider_wait_minutes: null, priority_lane: null, changed_at: e.changed_at };
      });
      live('unavailable', null, m.message);
      park(null);
    } else return;
    render();
    table.setAttribute('data-updated', String(Date.now()));
  };
  source.onerror = function () {
    // The browser retries a dropped stream by itself; a refused one (too many open streams) it does not.
    if (source.readyState === EventSource.CLOSED && banner) {
      banner.className = 'banner nodata';
      banner.innerHTML = '<strong>Live updates stopped.</strong> Reload the page to resume them.';
    }
  };
})();`;
