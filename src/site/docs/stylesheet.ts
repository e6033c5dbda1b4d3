/** Embedded so the page is one self-contained file: no fonts, scripts or other requests. */
export const stylesheet = `
:root {
  color-scheme: light dark;
  --text: #1d1f23; --muted: #5b6270; --background: #ffffff; --surface: #f4f5f7;
  --border: #d5d8de; --link: #0b5cad; --accent: #0a7d4f; --warning: #9a4b00;
}
@media (prefers-color-scheme: dark) {
  :root {
    --text: #e6e8ec; --muted: #a3aab7; --background: #15171b; --surface: #1f2228;
    --border: #3a3f48; --link: #7cb7ff; --accent: #5ad19a; --warning: #f0a35e;
  }
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body {
  margin: 0 auto; max-width: 60rem; padding: 1.5rem 1rem 4rem;
  font: 16px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  color: var(--text); background: var(--background);
}
a { color: var(--link); }
h1, h2, h3, h4 { line-height: 1.25; }
h2 { margin-top: 3rem; padding-bottom: .3rem; border-bottom: 1px solid var(--border); }
h3 { margin: 0 0 .4rem; font-size: 1.15rem; overflow-wrap: anywhere; }
h4 { margin: 1.4rem 0 .5rem; font-size: 1rem; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; font-size: .9em; }
code { background: var(--surface); border-radius: 4px; padding: .1em .3em; overflow-wrap: anywhere; }
pre { background: var(--surface); border: 1px solid var(--border); border-radius: 6px; padding: .75rem 1rem; overflow-x: auto; }
pre code { background: none; padding: 0; overflow-wrap: normal; }
.table-wrap { overflow-x: auto; margin: .5rem 0 1rem; }
table { border-collapse: collapse; width: 100%; font-size: .92rem; }
th, td { border: 1px solid var(--border); padding: .4rem .55rem; text-align: left; vertical-align: top; }
th { background: var(--surface); }
.meta, .muted, .parent { color: var(--muted); }
.method { display: inline-block; min-width: 3.2rem; margin-right: .4rem; padding: .05rem .4rem; border-radius: 4px;
  background: var(--accent); color: var(--background); font-size: .8rem; text-align: center; vertical-align: middle; }
.deprecated { color: var(--warning); font-weight: 600; }
.operation { margin: 2rem 0; padding-top: 1.2rem; border-top: 1px solid var(--border); }
.summary { margin-top: 0; font-weight: 600; }
nav ol { padding-left: 1.2rem; }
nav ol ol { margin: .2rem 0 .6rem; }
dl.links { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; }
dl.links dt { font-weight: 600; }
dl.links dd { margin: 0; overflow-wrap: anywhere; }
footer { margin-top: 4rem; font-size: .9rem; color: var(--muted); }
`;
