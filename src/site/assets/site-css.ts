/**
 * The site's stylesheet, inlined in every page (about 2 KB compressed): one request fewer on a
 * first visit. Phone first; colours meet WCAG AA contrast in both schemes. On a phone the live-waits
 * table stacks each row, the standby wait beside the attraction and its status and priority lane
 * below, so the wait needs no sideways scrolling; the park script renders rows with the same cells.
 */
export const SITE_CSS = `
:root{color-scheme:light dark;--text:#1d1f23;--muted:#525966;--bg:#fff;--surface:#f3f4f6;--border:#d5d8de;--link:#0b5cad;--ok:#0b6e45;--bad:#a3261b;--warn:#8a4500;--na:#525966}
@media (prefers-color-scheme:dark){:root{--text:#e6e8ec;--muted:#aab1bd;--bg:#15171b;--surface:#1f2228;--border:#3a3f48;--link:#8cc0ff;--ok:#5ad19a;--bad:#ff8f85;--warn:#f0a35e;--na:#aab1bd}}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:var(--text);background:var(--bg)}
a{color:var(--link)}
.wrap{max-width:64rem;margin:0 auto;padding:0 1rem}
header.site{border-bottom:1px solid var(--border);background:var(--surface)}
header.site .wrap{display:flex;flex-wrap:wrap;gap:.25rem 1.25rem;align-items:baseline;padding-top:.6rem;padding-bottom:.6rem}
header.site .brand{font-weight:700;font-size:1.1rem;text-decoration:none;color:var(--text)}
header.site nav{display:flex;flex-wrap:wrap;gap:.25rem 1rem}
main{padding-top:.5rem;padding-bottom:2rem}
h1{font-size:1.6rem;line-height:1.2;margin:1rem 0 .25rem}
h2{font-size:1.2rem;margin:2rem 0 .5rem;padding-bottom:.25rem;border-bottom:1px solid var(--border)}
h3{font-size:1.05rem;margin:1.25rem 0 .25rem}
.lead,.note{color:var(--muted)}
.note{font-size:.9rem}
.crumbs{font-size:.9rem;margin:.75rem 0 0}
.scroll{overflow-x:auto;-webkit-overflow-scrolling:touch}
table{border-collapse:collapse;width:100%;font-size:.95rem}
th,td{text-align:left;padding:.4rem .5rem;border-bottom:1px solid var(--border);vertical-align:top}
th{font-weight:600;white-space:nowrap}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
th button{font:inherit;font-weight:600;color:var(--link);background:none;border:0;padding:0;cursor:pointer;text-decoration:underline}
th[aria-sort] button::after{content:" \\2195"}
th[aria-sort=ascending] button::after{content:" \\2191"}
th[aria-sort=descending] button::after{content:" \\2193"}
.sub{display:block;color:var(--muted);font-size:.85rem}
.status{font-weight:600;white-space:nowrap}
.s-OPERATING,.open{color:var(--ok)}
.s-DOWN,.s-WEATHER_DELAY{color:var(--bad)}
.s-BRIEF_DELAY{color:var(--warn)}
.s-CLOSED,.s-REFURBISHMENT,.s-unavailable,.closed,.nodata{color:var(--na)}
.cards{list-style:none;padding:0;margin:0;display:grid;gap:.75rem;grid-template-columns:repeat(auto-fill,minmax(17rem,1fr))}
.cards li{border:1px solid var(--border);border-radius:8px;padding:.75rem 1rem;background:var(--surface)}
.cards a.park{font-weight:600;font-size:1.05rem}
.cards p{margin:.25rem 0 0}
[hidden]{display:none!important}
h4{font-size:1rem;margin:.9rem 0 .4rem;color:var(--muted)}
.country{display:grid;gap:0 .75rem;grid-template-columns:repeat(auto-fill,minmax(17rem,1fr));align-items:start}
.country>h3{grid-column:1/-1}
.destination .cards{grid-template-columns:1fr}
form.park-filter{margin:.5rem 0}
form.park-filter label{display:block;font-size:.9rem;margin-bottom:.2rem}
form.park-filter input{width:20rem;max-width:calc(100% - 6rem)}
form.filters{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:end;margin:.5rem 0}
form.filters label,form.signup label{display:flex;flex-direction:column;font-size:.9rem;gap:.2rem}
select,input,button.primary{font:inherit;padding:.4rem .5rem;border:1px solid var(--border);border-radius:6px;background:var(--bg);color:var(--text)}
button.primary{background:var(--link);color:var(--bg);border-color:var(--link);font-weight:600;cursor:pointer}
.banner{padding:.5rem .75rem;border-radius:6px;background:var(--surface);border:1px solid var(--border)}
.banner.nodata{border-color:var(--warn)}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:.5rem 0}
dl.facts dt{color:var(--muted)}
dl.facts dd{margin:0}
.big{font-size:2rem;font-weight:700;font-variant-numeric:tabular-nums}
.chart{min-height:240px;margin:.5rem 0}
figure{margin:0}
form.signup{display:grid;gap:.75rem;max-width:26rem}
.error{color:var(--bad);font-weight:600}
.key{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:1rem;padding:.5rem;background:var(--surface);border:1px solid var(--border);border-radius:6px;overflow-wrap:anywhere}
footer.site{border-top:1px solid var(--border);padding:1rem 0 2rem;font-size:.9rem;color:var(--muted)}
footer.site p{margin:.25rem 0}
pre.code,pre.code code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9rem}
pre.code{background:var(--surface);border:1px solid var(--border);border-radius:6px;padding:.75rem 1rem;overflow-x:auto}
#swagger-ui .info a,#swagger-ui .info .url{color:var(--link)}#swagger-ui .info .title small{background:#525966}#swagger-ui .info .title small.version-stamp{background:#3d6b00}#swagger-ui .opblock-get .opblock-summary-method{background:#0b5cad}#swagger-ui .btn.authorize{color:#0b6e45;border-color:#0b6e45}#swagger-ui .btn.authorize svg{fill:#0b6e45}
@media (max-width:40rem){.wrap{padding:0 .6rem}th,td{padding:.35rem .25rem}th{white-space:normal}table{font-size:.875rem}.col-sr,.to{display:none}.big{font-size:1.75rem}}
@media (max-width:40rem){
#waits-table,#waits-table thead,#waits-table tbody{display:block}
#waits-table tr{display:grid;grid-template-columns:auto minmax(0,1fr) auto;gap:.1rem .75rem;padding:.4rem .25rem;border-bottom:1px solid var(--border)}
#waits-table th,#waits-table td{padding:0;border:0}
#waits-table tr>:nth-child(1){grid-area:1/1/2/3}
#waits-table tr>:nth-child(2){grid-area:2/1}
#waits-table tr>:nth-child(3){grid-area:1/3/3/4}
#waits-table tr>.lane{grid-area:2/2}
#waits-table .lane::before{content:attr(data-label) " "}
#waits-table .lane.none{display:none}
#waits-table th:nth-child(2),#waits-table th:nth-child(5){position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
#waits-table .actual{white-space:normal;max-width:8.5rem;margin-left:auto}
}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.plan-form fieldset{min-width:0;margin:0 0 .75rem;border:1px solid var(--border);border-radius:6px}
.plan-form fieldset label{display:inline-block;margin:.15rem 1rem .15rem 0}
.plan-form input,.plan-form select{max-width:100%}
.plan .tick{display:block;font-weight:normal}
`
  .trim()
  .replace(/\n/g, '');
