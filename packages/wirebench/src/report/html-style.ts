/**
 * The HTML report's stylesheet, inlined into every report (the page must open with no network):
 * light and dark colours, the phone-first layout of the chart rows, and the SVG bars' fills. One
 * concept, a long string: the classes `html.ts`, `html-answer.ts`, `html-size-chart.ts` and
 * `html-time-chart.ts` write.
 */
export const STYLE = `
:root {
  color-scheme: light dark;
  --bg: #f7f7f5; --card: #ffffff; --fg: #1c1e22; --muted: #5b626d; --line: #dfe1e5; --grid: #eceef1;
  --raw: #3563c9; --gzip: #6f93e0; --brotli: #aec4f0; --json-mark: #1c1e22;
  --faster: #2f7bd0; --slower: #d66a17; --same: #8d949e; --one: #1c1e22; --whisker: #1c1e22;
  --ok-fg: #17693a; --ok-bg: #dff3e6; --bad-fg: #a3200f; --bad-bg: #fde6e2; --err-fg: #ffffff; --err-bg: #b42318;
  --warn-bg: #fff4d6; --warn-line: #e0a526; --accent: #3563c9;
  --transfer: #3563c9; --decompress: #d66a17; --decode: #2a9d57;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #131518; --card: #1c1f23; --fg: #e7e9ec; --muted: #a3aab4; --line: #343940; --grid: #2a2e34;
    --raw: #6f98f0; --gzip: #4d72c2; --brotli: #33508c; --json-mark: #e7e9ec;
    --faster: #5aa0ee; --slower: #f0893a; --same: #858d98; --one: #e7e9ec; --whisker: #e7e9ec;
    --ok-fg: #8fe0ac; --ok-bg: #173b25; --bad-fg: #ffb4a6; --bad-bg: #4a1d16; --err-fg: #ffffff; --err-bg: #b42318;
    --warn-bg: #3a2f12; --warn-line: #c9922a; --accent: #8fb0f5;
    --transfer: #6f98f0; --decompress: #f0893a; --decode: #5fcf8a;
  }
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body {
  margin: 0; background: var(--bg); color: var(--fg);
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  overflow-wrap: anywhere;
}
main { max-width: 1080px; margin: 0 auto; padding: 16px 14px 32px; }
h1 { font-size: 1.6rem; margin: 8px 0 4px; }
h2 { font-size: 1.3rem; margin: 0 0 6px; }
h3 { font-size: 1rem; margin: 18px 0 6px; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 14px; }
a { color: var(--accent); }
.sub, .note, .h-note, .facts, .timing, .kind, .verdict, .wrapper-cost, .tick, .directions, .size-kind, dl { font-size: 14px; }
.sub, .note, .h-note, .timing, .kind, .verdict, .directions, .size-kind { color: var(--muted); }
.h-note { font-weight: normal; }
.note { margin: 4px 0; }
.answer-verdict { margin: 8px 0; }
.toc { display: flex; flex-wrap: wrap; gap: 6px 14px; margin: 6px 0 0; }
section, footer { background: var(--card); border: 1px solid var(--line); border-radius: 12px; padding: 14px; margin: 16px 0; }
.legend p { margin: 6px 0; }
.better { font-size: 1.05rem; }
.legend-grid { display: grid; gap: 4px 24px; grid-template-columns: minmax(0, 1fr); }
@media (min-width: 820px) { .legend-grid { grid-template-columns: repeat(3, minmax(0, 1fr)); } }
.legend-bars { display: grid; grid-template-columns: minmax(0, 9rem) minmax(0, 1fr); gap: 4px 10px; align-items: center; font-size: 14px; }
svg.swatch { display: inline-block; width: 22px; height: 12px; vertical-align: -1px; }
.lib-sample { color: var(--muted); font-style: italic; }
.method summary { cursor: pointer; color: var(--accent); }
blockquote { margin: 8px 0 0; padding: 4px 12px; border-left: 3px solid var(--line); color: var(--muted); font-size: 14px; }
.facts { display: flex; flex-wrap: wrap; gap: 4px 16px; margin: 0 0 8px; }
.highlights { display: flex; flex-wrap: wrap; gap: 6px; margin: 8px 0; }
.highlights span { background: var(--bg); border: 1px solid var(--line); border-radius: 999px; padding: 2px 10px; font-size: 14px; }
.warning { background: var(--warn-bg); border-left: 4px solid var(--warn-line); border-radius: 6px; padding: 6px 12px; margin: 8px 0; font-size: 15px; }
.warning p { margin: 4px 0; }
.warning ul { margin: 4px 0; padding-left: 20px; }
.badge { display: inline-block; font-size: 14px; font-weight: 600; line-height: 1.3; border-radius: 999px; padding: 1px 9px; white-space: nowrap; }
.badge.ok { color: var(--ok-fg); background: var(--ok-bg); }
.badge.bad { color: var(--bad-fg); background: var(--bad-bg); }
.badge.err { color: var(--err-fg); background: var(--err-bg); }
.diffs summary { cursor: pointer; }
.diffs ul { margin: 4px 0; padding-left: 20px; font-size: 14px; }
.error { margin: 2px 0; font-size: 14px; }
.error-text { color: var(--bad-fg); }

/* Chart rows: stacked on a phone (name, bar, label), three columns on a wider screen. */
.chart { margin: 4px 0 8px; }
.row {
  display: grid; grid-template-columns: minmax(0, 1fr);
  grid-template-areas: "name" "bar" "label";
  gap: 2px 14px; padding: 7px 0; border-top: 1px solid var(--line);
}
.row > .name { grid-area: name; display: flex; flex-wrap: wrap; align-items: baseline; gap: 0 8px; }
.row > .bar { grid-area: bar; min-width: 0; }
.row > .label { grid-area: label; }
.row-name, .size-row .name { font-weight: 600; }
.kind { font-size: 14px; color: var(--muted); font-style: italic; }
.timing { margin-left: auto; }
.axis { border-top: 0; padding: 0 0 2px; }
.axis > .bar { grid-row: 1; }
.ticks { position: relative; height: 22px; }
.tick { position: absolute; top: 0; transform: translateX(-50%); color: var(--muted); white-space: nowrap; }
.tick.first { transform: none; }
.tick.last { transform: translateX(-100%); }
.tick.one { color: var(--fg); font-weight: 600; }
.directions { display: flex; justify-content: space-between; }
svg { display: block; overflow: visible; }
.ratio-svg { width: 100%; height: 24px; }
.ratio-svg.library { height: 16px; }
.size-svg { width: 100%; height: 16px; }
.grid { stroke: var(--grid); stroke-width: 1; }
.one { stroke: var(--one); stroke-width: 2; }
.whisker { stroke: var(--whisker); stroke-width: 1.5; }
.json-mark { stroke: var(--json-mark); stroke-width: 1; stroke-dasharray: 3 3; opacity: 0.7; }
.bar-faster { fill: var(--faster); }
.bar-slower { fill: var(--slower); }
.bar-same { fill: var(--same); }
.size-raw { fill: var(--raw); }
.size-gzip { fill: var(--gzip); }
.size-brotli { fill: var(--brotli); }
.ratio { display: block; }
.ratio strong { font-variant-numeric: tabular-nums; }
.verdict { white-space: nowrap; }
.wrapper-cost { display: block; color: var(--muted); }
/* Library rows: the raw call a codec wraps, context for that codec rather than a choice of its own. */
.time-row.library { padding: 3px 0 6px; border-top-style: dashed; color: var(--muted); }
.time-row.library > .name { padding-left: 14px; }
.time-row.library .row-name { font-weight: normal; font-style: italic; }
.time-row.library .ratio-svg rect { opacity: 0.55; }
.time-row.library .ratio { font-size: 14px; }
.size-lines { display: grid; grid-template-columns: 3rem minmax(0, 1fr) 8.4rem; gap: 1px 8px; align-items: center; }
.size-lines .value { font-size: 14px; font-variant-numeric: tabular-nums; white-space: nowrap; }
.size-row { grid-template-areas: "name" "bar" "status"; }
.size-row > .status { grid-area: status; }
.size-row .diffs[open] { margin-top: 2px; }
@media (min-width: 720px) {
  main { padding: 24px 24px 40px; }
  section, footer { padding: 18px 22px; }
  .row { grid-template-columns: 12rem minmax(0, 1fr) 15.5rem; grid-template-areas: "name bar label"; align-items: center; }
  .row > .name { flex-direction: column; gap: 0; }
  .timing { margin-left: 0; }
  .axis > .bar { grid-row: auto; }
  .size-row { grid-template-columns: 12rem minmax(0, 1fr); grid-template-areas: "name bar" "status bar"; align-items: start; }
  .size-row > .name { align-self: end; }
  .size-row > .status:has(.diffs[open]) { grid-column: 1 / -1; grid-row: 3; }
  .usable-row { grid-template-columns: 14rem minmax(0, 1fr) 19rem; }
}
/* The answer: the ranking, time-until-usable stacks (transfer, decompression, decode), bytes by path. */
h4 { font-size: 15px; margin: 14px 0 4px; }
.ranking { list-style: none; margin: 4px 0 8px; padding: 0; }
.ranked {
  display: grid; grid-template-columns: 2rem minmax(0, 1fr) auto; grid-template-areas: "rank name total" ". why why";
  gap: 0 10px; align-items: baseline; padding: 6px 0; border-top: 1px solid var(--line);
}
.rank { grid-area: rank; text-align: right; font-weight: 700; font-variant-numeric: tabular-nums; }
.ranked-name { grid-area: name; font-weight: 600; }
.ranked-total { grid-area: total; font-variant-numeric: tabular-nums; }
.why { grid-area: why; font-size: 14px; color: var(--muted); }
.ranked:first-child .rank, .ranked:first-child .ranked-name { color: var(--accent); }
.excluded { margin: 4px 0; padding-left: 20px; font-size: 14px; }
.stack { display: flex; height: 14px; background: var(--grid); border-radius: 2px; overflow: hidden; }
/* A part too small to see at this scale still shows as a sliver: its figure is in the label. */
.part { display: block; height: 100%; min-width: 2px; }
.part-transfer, .swatch-box.part-transfer { background: var(--transfer); }
.part-decompress, .swatch-box.part-decompress { background: var(--decompress); }
.part-decode, .swatch-box.part-decode { background: var(--decode); }
.swatch-box { display: inline-block; width: 12px; height: 12px; border-radius: 2px; vertical-align: -1px; }
.usable-row { padding: 4px 0; }
.usable-row > .label strong { font-variant-numeric: tabular-nums; }
.usable-parts, .repaid { font-size: 14px; color: var(--muted); }
.usable-parts { white-space: nowrap; font-variant-numeric: tabular-nums; }
.usable-parts .swatch-box { width: 8px; height: 8px; margin-right: 2px; vertical-align: 0; }
.repaid { display: block; }
.table-scroll { overflow-x: auto; }
table.paths { border-collapse: collapse; font-size: 14px; font-variant-numeric: tabular-nums; }
.paths th, .paths td { padding: 3px 8px; border-top: 1px solid var(--line); text-align: right; white-space: nowrap; }
.paths th[scope="row"], .paths thead th:first-child { text-align: left; white-space: normal; }
/* A path keeps a readable width on a phone: the table scrolls sideways in its box instead. */
.paths th[scope="row"] { min-width: 11rem; }
.paths tr.rest th, .paths tr.total th { font-style: italic; font-weight: normal; }
.paths tr.total td { font-weight: 600; }
footer h3 { margin-top: 8px; }
.footer-grid { display: grid; grid-template-columns: minmax(0, 1fr); gap: 0 24px; }
@media (min-width: 820px) { .footer-grid { grid-template-columns: repeat(3, minmax(0, 1fr)); } }
dl { display: grid; grid-template-columns: auto minmax(0, 1fr); gap: 2px 12px; margin: 0; }
dt { color: var(--muted); }
dd { margin: 0; }
`;
