// The report page's own styles (uPlot's stylesheet is inlined beside them).
export const REPORT_CSS = `
:root { --fg: #1d1f21; --muted: #666; --line: #ddd; --accent: #0072B2; --bg: #fff; --panel: #f7f7f8;
  --good: #1a7f37; --bad: #c62828; --warn: #b26a00; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; }
* { box-sizing: border-box; }
body { margin: 0; color: var(--fg); background: var(--bg); font-size: 14px; }
header#report-header { padding: 16px 24px 8px; border-bottom: 1px solid var(--line); }
header#report-header h1 { font-size: 20px; margin: 0 0 4px; }
.meta { color: var(--muted); margin: 0; word-break: break-all; }
nav#report-nav { display: flex; gap: 4px; padding: 0 24px; border-bottom: 1px solid var(--line); position: sticky;
  top: 0; background: var(--bg); z-index: 5; }
.tab { padding: 10px 14px; text-decoration: none; color: var(--muted); border-bottom: 3px solid transparent; }
.tab.active { color: var(--fg); border-bottom-color: var(--accent); font-weight: 600; }
main#report-main { padding: 8px 24px 48px; max-width: 1200px; }
.section { margin: 18px 0 28px; }
.section h2 { font-size: 17px; margin: 0 0 10px; }
h3 { font-size: 15px; margin: 16px 0 8px; }
h4 { font-size: 13px; margin: 12px 0 4px; color: var(--muted); text-transform: uppercase; letter-spacing: .04em; }
table.grid { border-collapse: collapse; margin: 6px 0 12px; }
table.grid th, table.grid td { border-bottom: 1px solid var(--line); padding: 4px 10px; text-align: left;
  font-variant-numeric: tabular-nums; vertical-align: top; }
table.grid th { background: var(--panel); font-weight: 600; }
figure { margin: 8px 0 20px; }
figcaption { font-weight: 600; margin-bottom: 6px; }
.forest text.label, .forest text.note, .forest text.tick { font-size: 12px; fill: var(--fg); }
.forest text.tick { fill: var(--muted); }
.note { color: var(--muted); font-size: 12px; }
.empty { color: var(--muted); font-style: italic; }
.failure, .warning { border-left: 4px solid var(--bad); background: #fdecea; padding: 8px 12px; }
.warning { border-color: var(--warn); background: #fff4e5; }
.pass { color: var(--good); font-weight: 600; } .fail { color: var(--bad); font-weight: 600; }
.badge { display: inline-block; padding: 1px 8px; border-radius: 10px; font-size: 12px; background: var(--panel);
  border: 1px solid var(--line); margin-left: 6px; }
.status-correct.badge { background: #e6f4ea; border-color: #a8d5b5; }
.status-incorrect.badge { background: #fdecea; border-color: #f1b0aa; }
.status-unparsed.badge, .status-truncated.badge { background: #fff4e5; border-color: #f3c98b; }
.status-error.badge { background: #eee; border-color: #bbb; }
pre.text { white-space: pre-wrap; word-break: break-word; background: var(--panel); padding: 8px 10px; margin: 0;
  border-radius: 4px; font-size: 12.5px; max-height: 420px; overflow: auto; }
.chat .turn { margin-bottom: 6px; } .chat .role { font-size: 11px; color: var(--muted); text-transform: uppercase; }
.sample-detail header { display: flex; gap: 8px; align-items: center; margin-bottom: 4px; }
.sample-detail .sample-id { font-family: ui-monospace, monospace; font-weight: 600; }
dl.grade { display: grid; grid-template-columns: 110px 1fr; gap: 4px 12px; margin: 10px 0; }
dl.grade dt { color: var(--muted); } dl.grade dd { margin: 0; white-space: pre-wrap; word-break: break-word; }
.side-by-side { display: grid; grid-template-columns: 1fr 1fr; gap: 16px; }
.controls { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin: 8px 0; }
.swatch { display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin-right: 6px; }
.legend-item { margin-right: 14px; }
td.number { text-align: right; white-space: nowrap; }
ul.verdicts { padding-left: 18px; margin: 8px 0; } ul.verdicts li { margin: 3px 0; }
.verdict.worse { color: var(--bad); font-weight: 600; } .verdict.better { color: var(--good); font-weight: 600; }
.verdict.neutral { color: var(--muted); } td.verdict, td.run-name { white-space: nowrap; }
td.run-name { max-width: 170px; overflow: hidden; text-overflow: ellipsis; } .table-scroll { overflow-x: auto; }
.forest.difference g.emphasized text.label, .forest.difference g.emphasized text.note { font-weight: 600; }
tr.flip-row { cursor: pointer; } tr.flip-row:hover, tr.flip-row[aria-expanded=true] { background: #eef5fb; }
td.right { color: var(--good); } td.wrong { color: var(--bad); }
tr.flip-detail-row > td { background: #fafafa; padding: 10px; }
.side-by-side .side { min-width: 0; } .side-by-side .side > h4 { margin-top: 0; }
button.more { margin: 4px 0 12px; padding: 4px 12px; }
.controls input[type=search] { min-width: 260px; padding: 4px 8px; }
`;
