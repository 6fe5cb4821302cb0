// What the report page's inlined scripts define for the client code (client/*.ts) besides the DOM.
import type uPlotClass from "uplot";

declare global {
  /** uPlot's IIFE build, inlined before the client code. */
  var uPlot: typeof uPlotClass;
  /** The page's data decoder (`BROWSER_DECODE_SCRIPT`). */
  function decodeReportData(base64: string): Promise<unknown>;
  /** Set when the page is interactive: ms from navigation start (read by tests and `npm run bench:report`). */
  var llmBenchReportReadyMs: number | undefined;
}
