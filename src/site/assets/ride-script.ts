/**
 * The ride page's script: draws today's waits and the best-times chart (the JSON the page embeds)
 * with uPlot, in the park's time zone, with one chart setup for both. Without it the page shows
 * the same numbers as tables.
 */
export const RIDE_SCRIPT = String.raw`(function () {
  'use strict';
  if (!window.uPlot) return;
  var style = getComputedStyle(document.body);
  var ink = style.color;
  var link = (style.getPropertyValue('--link') || '#0b5cad').trim();
  var grid = { stroke: style.getPropertyValue('--border') || '#d5d8de', width: 1 };
  var minutes = function (u, v) { return v == null ? '\u2014' : Math.round(v) + ' min'; };
  function chart(dataId, boxId, series, columns, bands) {
    var el = document.getElementById(dataId);
    var box = document.getElementById(boxId);
    if (!el || !box) return;
    var d = JSON.parse(el.textContent);
    function width() { return Math.max(280, box.clientWidth || 600); }
    var plot = new uPlot({
      width: width(),
      height: 240,
      tzDate: function (ts) { return uPlot.tzDate(new Date(ts * 1e3), d.zone); },
      scales: { x: { time: true }, y: { range: function (u, min, max) { return [0, Math.max(10, Math.ceil((max || 0) / 10) * 10)]; } } },
      axes: [{ stroke: ink, grid: grid, ticks: grid }, { stroke: ink, grid: grid, ticks: grid, label: 'Minutes', size: 50 }],
      series: [{}].concat(series),
      bands: bands
    }, [d.t].concat(columns.map(function (name) { return d[name]; })), box);
    window.addEventListener('resize', function () { plot.setSize({ width: width(), height: 240 }); });
    box.setAttribute('data-rendered', String(d.t.length));
  }
  chart('chart-data', 'wait-chart', [{
    label: 'Standby wait', stroke: link, width: 2, spanGaps: false,
    paths: uPlot.paths.stepped({ align: 1 }), value: minutes
  }], ['w']);
  // The band fills between the upper (series 2) and lower (series 3) bounds of the prediction.
  chart('best-data', 'best-chart', [
    { label: 'Predicted', stroke: link, width: 2, value: minutes },
    { label: 'Likely high', stroke: 'rgba(11,92,173,0.35)', width: 1, value: minutes },
    { label: 'Likely low', stroke: 'rgba(11,92,173,0.35)', width: 1, value: minutes },
    { label: 'Typical', stroke: ink, width: 1.5, dash: [6, 4], value: minutes }
  ], ['predicted', 'upper', 'lower', 'typical'], [{ series: [2, 3], fill: 'rgba(11,92,173,0.15)' }]);
})();`;
