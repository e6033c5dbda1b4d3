/**
 * The ride page's script: draws today's waits (the JSON the page embeds) with uPlot, in the park's
 * time zone. Without it the page shows the same numbers as a table.
 */
export const RIDE_SCRIPT = String.raw`(function () {
  'use strict';
  var el = document.getElementById('chart-data');
  var box = document.getElementById('wait-chart');
  if (!el || !box || !window.uPlot) return;
  var d = JSON.parse(el.textContent);
  var style = getComputedStyle(document.body);
  var ink = style.color;
  var link = style.getPropertyValue('--link') || '#0b5cad';
  var grid = { stroke: style.getPropertyValue('--border') || '#d5d8de', width: 1 };
  function width() { return Math.max(280, box.clientWidth || 600); }
  var plot = new uPlot({
    width: width(),
    height: 240,
    tzDate: function (ts) { return uPlot.tzDate(new Date(ts * 1e3), d.zone); },
    scales: { x: { time: true }, y: { range: function (u, min, max) { return [0, Math.max(10, Math.ceil((max || 0) / 10) * 10)]; } } },
    axes: [{ stroke: ink, grid: grid, ticks: grid }, { stroke: ink, grid: grid, ticks: grid, label: 'Minutes', size: 50 }],
    series: [{}, {
      label: 'Standby wait', stroke: link.trim(), width: 2, spanGaps: false,
      paths: uPlot.paths.stepped({ align: 1 }),
      value: function (u, v) { return v == null ? '\u2014' : v + ' min'; }
    }]
  }, [d.t, d.w], box);
  window.addEventListener('resize', function () { plot.setSize({ width: width(), height: 240 }); });
  box.setAttribute('data-rendered', String(d.t.length));
})();`;
