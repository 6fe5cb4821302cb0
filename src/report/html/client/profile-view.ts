/// <reference lib="dom" />
// The views of a profile's report (filled in by the profile-view work).
// Client code: exported function declarations only (see dom.ts).
import type { ProfileReportData } from "../profile-report-data.js";
import type { ReportView } from "./app.js";
import { h } from "./dom.js";

export function profileViews(data: ProfileReportData): ReportView[] {
  return [{ id: "over-time", title: "Over time", render: () => h("p", null, data.profile.label) }];
}
