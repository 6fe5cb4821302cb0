/// <reference lib="dom" />
// The views of a comparison's report (filled in by the comparison-view work).
// Client code: exported function declarations only (see dom.ts).
import type { ComparisonReportData } from "../comparison-data.js";
import type { ReportView } from "./app.js";
import { h } from "./dom.js";

export function comparisonViews(data: ComparisonReportData): ReportView[] {
  return [{ id: "accuracy", title: "Accuracy", render: () => h("p", null, String(data.runs.length)) }];
}
