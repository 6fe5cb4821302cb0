// The self-contained report page: styles, uPlot, the data (gzip + base64) and the client script all inline, so the
// one file opens offline from file:// anywhere; nothing is fetched at view time.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { encodeReportData } from "./encode-report-data.js";
import { escapeHtml } from "./escape-html.js";
import { pageScript } from "./page-script.js";
import { REPORT_DATA_VERSION } from "./report-model.js";
import { REPORT_CSS } from "./report-styles.js";

/** What a report page is built from: the data of a run, a profile or a comparison (`kind` tells which). */
export interface ReportPageData {
  kind: "run" | "profile" | "comparison";
  version: number;
}

const require = createRequire(import.meta.url);

function uPlotAssets(): { script: string; css: string } {
  return {
    script: readFileSync(require.resolve("uplot/dist/uPlot.iife.min.js"), "utf8"),
    css: readFileSync(require.resolve("uplot/dist/uPlot.min.css"), "utf8"),
  };
}

/** Text safe inside a <script> element: no "</script" (nor "<!--") can end or confuse it. */
function inlineScript(source: string): string {
  return source.replace(/<\/(script)/gi, "<\\/$1").replace(/<!--/g, "<\\!--");
}

export function buildReportHtml(data: ReportPageData, title: string): string {
  const uplot = uPlotAssets();
  const encoded = encodeReportData(data);
  return [
    "<!doctype html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta name="generator" content="llm-bench">`,
    `<title>${escapeHtml(title)}</title>`,
    `<style>${uplot.css}\n${REPORT_CSS}</style>`,
    "</head>",
    `<body data-version="${REPORT_DATA_VERSION}" data-kind="${data.kind}">`,
    '<header id="report-header"></header>',
    '<nav id="report-nav" role="tablist"></nav>',
    '<main id="report-main"><p class="loading">Loading the report…</p></main>',
    `<script id="report-data" type="application/octet-stream">${encoded.figures}</script>`,
    `<script>${inlineScript(uplot.script)}</script>`,
    `<script>${inlineScript(pageScript())}</script>`,
    // Last: the page draws its first view while the parser is still reading this part.
    `<script id="report-samples" type="application/octet-stream">${encoded.samples}</script>`,
    "</body>",
    "</html>",
    "",
  ].join("\n");
}
