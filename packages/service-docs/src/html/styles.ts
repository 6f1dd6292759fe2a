/**
 * The one stylesheet of every page, inlined: pages load nothing from anywhere else (no fonts,
 * no CDNs, no scripts), so they render offline, behind strict CSPs, and leak no visits.
 */
export const STYLES = `
:root {
  --ink: #14213d; --muted: #5b6478; --line: #e3e7ef; --bg: #f6f8fb; --card: #fff;
  --brand: #1d4ed8; --brand-ink: #0b1f4d; --ok: #047857; --code-bg: #0f172a; --code-ink: #e2e8f0;
  color-scheme: light;
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body {
  margin: 0; background: var(--bg); color: var(--ink);
  font: 16px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
}
a { color: var(--brand); text-decoration: none; }
a:hover { text-decoration: underline; }
code, pre, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; font-size: 0.88em; }
code { background: #eef2f8; border-radius: 4px; padding: 0.1em 0.35em; overflow-wrap: anywhere; }
header.hero { background: linear-gradient(135deg, var(--brand-ink), #1e3a8a); color: #fff; }
header.hero .wrap { padding: 2.4rem 1.25rem 2rem; }
header.hero h1 { margin: 0.2rem 0 0.6rem; font-size: 2rem; line-height: 1.2; }
header.hero p { margin: 0; max-width: 46rem; color: #dbe4ff; }
header.hero a { color: #fff; }
header.hero code { background: rgba(255,255,255,0.14); color: #fff; }
.crumbs { font-size: 0.9rem; color: #c7d2fe; }
.crumbs a { color: #c7d2fe; }
.wrap { max-width: 66rem; margin: 0 auto; padding: 0 1.25rem; }
main.wrap { padding-top: 1.5rem; padding-bottom: 3rem; }
section.card {
  background: var(--card); border: 1px solid var(--line); border-radius: 10px;
  padding: 1.25rem 1.4rem; margin: 0 0 1.25rem; box-shadow: 0 1px 2px rgba(20,33,61,0.04);
}
section.card > h2 { margin: 0 0 0.75rem; font-size: 1.2rem; }
h3 { font-size: 1rem; margin: 1.1rem 0 0.5rem; }
p { margin: 0.4rem 0 0.8rem; }
.muted { color: var(--muted); }
.warning { background: #fdecea; border: 1px solid #f5c2c0; color: #8a1c14; padding: 0.6rem 0.8rem; border-radius: 6px; }
.facts { display: flex; flex-wrap: wrap; gap: 0.5rem; margin-top: 1rem; }
.pill {
  display: inline-block; border-radius: 999px; padding: 0.15rem 0.7rem; font-size: 0.85rem;
  background: rgba(255,255,255,0.14); color: #fff; white-space: nowrap;
}
.badge {
  display: inline-block; min-width: 3.2rem; text-align: center; border-radius: 5px; padding: 0.05rem 0.45rem;
  font: 600 0.75rem/1.6 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; color: #fff;
}
.badge.get { background: var(--ok); }
.badge.post { background: var(--brand); }
.price { font-weight: 600; white-space: nowrap; }
table { width: 100%; border-collapse: collapse; font-size: 0.93rem; }
th, td { text-align: left; vertical-align: top; padding: 0.55rem 0.6rem; border-bottom: 1px solid var(--line); }
th { font-size: 0.78rem; text-transform: uppercase; letter-spacing: 0.04em; color: var(--muted); font-weight: 600; }
tr:last-child > td, tr:last-child > th { border-bottom: 0; }
td.path { min-width: 17rem; }
td.path code { background: none; padding: 0; overflow-wrap: normal; }
.table-scroll { overflow-x: auto; }
pre {
  background: var(--code-bg); color: var(--code-ink); border-radius: 8px; padding: 0.9rem 1rem;
  overflow: auto; max-height: 28rem; margin: 0.4rem 0 1rem; line-height: 1.45;
}
pre code { background: none; padding: 0; color: inherit; }
ol.steps { margin: 0.3rem 0 0.5rem; padding-left: 1.3rem; }
ol.steps li { margin: 0.35rem 0; }
ul.links { list-style: none; margin: 0; padding: 0; display: grid; gap: 0.5rem; grid-template-columns: repeat(auto-fill, minmax(17rem, 1fr)); }
ul.links li { border: 1px solid var(--line); border-radius: 8px; padding: 0.6rem 0.8rem; background: #fbfcfe; }
ul.links li span { display: block; font-size: 0.85rem; color: var(--muted); }
.schema td.field, .schema td.type { white-space: nowrap; }
.schema .req { color: #b91c1c; font-size: 0.78rem; font-weight: 600; margin-left: 0.3rem; }
.schema .nested { margin-top: 0.5rem; border-left: 3px solid var(--line); padding-left: 0.6rem; }
.schema .constraints { color: var(--muted); font-size: 0.85rem; }
details summary { cursor: pointer; color: var(--brand); margin: 0.3rem 0; }
.grid2 { display: grid; gap: 1.25rem; margin: 0 0 1.25rem; grid-template-columns: repeat(auto-fit, minmax(22rem, 1fr)); }
.grid2 > section.card { margin: 0; min-width: 0; }
footer { border-top: 1px solid var(--line); color: var(--muted); font-size: 0.85rem; }
footer .wrap { padding: 1.2rem 1.25rem 2rem; }
@media (max-width: 640px) {
  header.hero h1 { font-size: 1.5rem; }
  .hide-narrow { display: none; }
}
`;
