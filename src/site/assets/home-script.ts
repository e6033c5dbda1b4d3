/**
 * The home page's script: narrows the park list (and the crowd table) as one types in the filter
 * box, with the rule the server applies to `?q=` (pages/home.ts): every typed word appears in the
 * park's `data-search` text, which the server folds as `normalizeIdentifier` does; `fold` below
 * folds what is typed the same way. The address keeps the filter, so a reload or a shared link
 * shows the same list. Plain ES2018 (the Unicode property escape the server's fold uses), no build
 * step; the page works without it (a GET form).
 */
export const HOME_SCRIPT = String.raw`(function () {
  'use strict';
  var input = document.getElementById('park-filter');
  var list = document.getElementById('park-list');
  var count = document.getElementById('park-count');
  if (!input || !list || !count) return;
  var form = input.form;
  var cards = list.querySelectorAll('li[data-search]');
  var rows = document.querySelectorAll('#crowds tr[data-search]');
  var total = cards.length;

  function fold(value) {
    return value.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()
      .replace(/&/g, ' and ').replace(/['\u2019\u2018\u0060.!:,]/g, '')
      .replace(/[^a-z0-9]+/g, ' ').trim();
  }
  function matches(el, words) {
    var text = el.getAttribute('data-search');
    return words.every(function (word) { return text.indexOf(word) >= 0; });
  }
  function show(el, shown) {
    if (shown) el.removeAttribute('hidden'); else el.setAttribute('hidden', '');
  }
  function apply() {
    var typed = input.value.trim();
    var words = fold(typed).split(' ').filter(Boolean);
    var shown = 0;
    Array.prototype.forEach.call(cards, function (card) {
      var match = matches(card, words);
      if (match) shown++;
      show(card, match);
    });
    Array.prototype.forEach.call(list.querySelectorAll('.destination, .country'), function (group) {
      show(group, group.querySelector('li[data-search]:not([hidden])') !== null);
    });
    Array.prototype.forEach.call(rows, function (row) { show(row, matches(row, words)); });
    count.textContent = words.length === 0 ? total + ' parks.'
      : shown === 0 ? 'No park matches \u201c' + typed + '\u201d.'
      : shown + ' of ' + total + ' parks match \u201c' + typed + '\u201d.';
    var url = new URL(window.location.href);
    if (typed) url.searchParams.set('q', typed); else url.searchParams.delete('q');
    window.history.replaceState(null, '', url.pathname + url.search + url.hash);
  }
  var pending = 0;
  input.addEventListener('input', function () {
    window.clearTimeout(pending);
    pending = window.setTimeout(apply, 80);
  });
  if (form) form.addEventListener('submit', function (event) { event.preventDefault(); apply(); });
})();
`;
