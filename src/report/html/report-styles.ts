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
.pair { display: grid; grid-template-columns: 1fr 1fr; gap: 16px; }
.side-by-side { display: grid; grid-template-columns: 1fr 1fr; gap: 16px; }
.kpis { display: grid; grid-template-columns: repeat(auto-fill, minmax(180px, 1fr)); gap: 10px; margin: 10px 0 14px; }
.kpi { border: 1px solid var(--line); border-radius: 6px; padding: 8px 12px; background: var(--panel); }
.kpi-label { color: var(--muted); font-size: 12px; } .kpi-value { font-size: 19px; font-weight: 600;
  font-variant-numeric: tabular-nums; margin: 2px 0; } .kpi-detail { color: var(--muted); font-size: 12px; }
.ok-note { border-left: 4px solid var(--good); background: #e6f4ea; padding: 8px 12px; }
.warning ul { margin: 6px 0; }
.table-scroll { overflow-x: auto; }
table.numeric { font-size: 13px; } table.numeric th, table.numeric td { padding: 4px 7px; }
table.numeric td + td, table.numeric th + th { text-align: right; }
code.metric-key { display: block; color: var(--muted); font-size: 11px; }
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
.sample-browser .sample-count { color: var(--muted); font-variant-numeric: tabular-nums; margin-left: auto; }
.sample-browser select { max-width: 280px; padding: 3px 4px; }
.status-filter { display: inline-flex; align-items: center; gap: 6px; padding: 3px 10px; border-radius: 14px;
  border: 1px solid var(--line); background: var(--bg); color: var(--fg); font: inherit; font-size: 12.5px;
  cursor: pointer; }
.status-filter:hover { background: var(--panel); }
.status-filter[aria-pressed=true] { background: #e8f1f8; border-color: var(--accent); font-weight: 600; }
.status-filter .count { color: var(--muted); font-variant-numeric: tabular-nums; }
.dot { display: inline-block; width: 9px; height: 9px; border-radius: 50%; }
.dot.status-correct { background: #009E73; } .dot.status-incorrect { background: #D55E00; }
.dot.status-unparsed { background: #E69F00; } .dot.status-truncated { background: #CC79A7; }
.dot.status-error { background: #555; }
.sample-panes { display: grid; grid-template-columns: minmax(340px, 5fr) minmax(0, 6fr); gap: 16px;
  align-items: start; }
@media (max-width: 900px) { .sample-panes { grid-template-columns: 1fr; } }
.sample-list { position: relative; height: calc(100vh - 230px); min-height: 320px; overflow-y: auto;
  border: 1px solid var(--line); border-radius: 6px; outline: none; contain: strict; }
.sample-list:focus-visible { box-shadow: 0 0 0 2px var(--accent); }
.sample-list-spacer { position: relative; }
.sample-list .empty { padding: 12px 14px; margin: 0; }
.sample-row { position: absolute; left: 0; right: 0; display: flex; flex-direction: column; justify-content: center;
  gap: 3px; padding: 0 12px; border-bottom: 1px solid #eee; cursor: pointer; overflow: hidden; }
.sample-row:hover { background: var(--panel); }
.sample-row.selected { background: #e8f1f8; box-shadow: inset 3px 0 0 var(--accent); }
.sample-row .row-line { display: flex; align-items: center; gap: 8px; white-space: nowrap; min-width: 0; }
.sample-row .sample-id { font-family: ui-monospace, monospace; font-size: 12.5px; font-weight: 600;
  overflow: hidden; text-overflow: ellipsis; flex: none; max-width: 60%; }
.sample-row .task { color: var(--muted); font-size: 12px; overflow: hidden; text-overflow: ellipsis; flex: 1; }
.sample-row .latency { color: var(--muted); font-size: 12px; font-variant-numeric: tabular-nums; flex: none; }
.sample-row .badge { margin-left: 0; padding: 0 7px; font-size: 11px; flex: none; }
.sample-row .preview { overflow: hidden; text-overflow: ellipsis; font-size: 12.5px; min-width: 0; }
.sample-detail-pane { position: sticky; top: 52px; max-height: calc(100vh - 64px); overflow: auto; }
`;
