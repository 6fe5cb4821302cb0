// What the report page's inlined scripts define for the client code (client/*.ts) besides the DOM.
import type uPlotClass from "uplot";

declare global {
  /** uPlot's IIFE build, inlined before the client code. */
  var uPlot: typeof uPlotClass;
  /** The page's decoders (`BROWSER_DECODE_SCRIPT`): the figures, then the samples and texts put into them. */
  function decodeReportData(base64: string): Promise<unknown>;
  function decodeReportSamples(base64: string, report: unknown): Promise<unknown>;
  /** Set when the page is interactive: ms from navigation start (read by tests and `npm run bench:report`). */
  var llmBenchReportReadyMs: number | undefined;
}
