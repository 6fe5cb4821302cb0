/// <reference lib="dom" />
// The views of a run's report: accuracy per benchmark and task, the sample browser, the serving figures.
// Client code: exported function declarations only (see dom.ts).
import type { RunReportData } from "../report-model.js";
import type { ReportView } from "./app.js";
import { h } from "./dom.js";
import { sampleBrowser } from "./sample-browser.js";

export function runViews(data: RunReportData): ReportView[] {
  return [
    { id: "accuracy", title: "Accuracy", render: () => h("p", null, data.run.label) },
    {
      id: "samples",
      title: "Samples",
      render: () => h("div", null, ...data.run.benchmarks.map((b) => sampleBrowser(data.strings, b))),
    },
  ];
}
