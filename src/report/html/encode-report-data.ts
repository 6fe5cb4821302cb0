// The report data as the page carries it: JSON, gzipped (node:zlib), base64; and the decoding, in Node for tests
// and as the page's script (`DecompressionStream("gzip")`, in Chromium without a library). On the wire a chat
// prompt's turns are indices into one table of distinct turns (`chatTurns`): a few-shot turn shared by every
// question of a subject is written once, not once per sample (for 5-shot MMLU that is 5.7 of 17 MB of JSON).
import { gunzipSync, gzipSync } from "node:zlib";
import type { ChatTurnData, SampleData } from "./report-model.js";
import { REPORT_DATA_VERSION } from "./report-model.js";

/** The report data once decoded: the page and the tests tell the kinds apart by `kind`. */
export interface EncodedReportHeader {
  kind: string;
  version: number;
}

interface WirePrompt {
  form: "chat";
  turnRefs: number[];
}

/** gzip level 9: the report is written once and read many times; 14k-sample MMLU gains a few percent over 6. */
export function encodeReportData(data: EncodedReportHeader): string {
  const turns: ChatTurnData[] = [];
  const turnIndex = new Map<string, number>();
  const intern = (turn: ChatTurnData): number => {
    const key = `${turn.role}\u0000${turn.content.join(",")}`;
    let index = turnIndex.get(key);
    if (index === undefined) {
      index = turns.length;
      turns.push(turn);
      turnIndex.set(key, index);
    }
    return index;
  };
  const report = JSON.stringify(data, (_key, value: unknown) => {
    if (isChatPrompt(value)) return { form: "chat", turnRefs: value.turns.map(intern) } satisfies WirePrompt;
    return value;
  });
  const wire = `{"chatTurns":${JSON.stringify(turns)},"report":${report}}`;
  return gzipSync(Buffer.from(wire, "utf8"), { level: 9 }).toString("base64");
}

function isChatPrompt(value: unknown): value is { form: "chat"; turns: ChatTurnData[] } {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { form?: unknown }).form === "chat" &&
    Array.isArray((value as { turns?: unknown }).turns)
  );
}

/** The inverse of `encodeReportData`; refuses data of another model version. */
export function decodeReportData(encoded: string): EncodedReportHeader & Record<string, unknown> {
  const wire: unknown = JSON.parse(gunzipSync(Buffer.from(encoded, "base64")).toString("utf8"));
  if (typeof wire !== "object" || wire === null || !("report" in wire) || !("chatTurns" in wire)) {
    throw new Error("not report data: no chatTurns or report.");
  }
  const json = wire.report;
  if (typeof json !== "object" || json === null || !("kind" in json) || !("version" in json)) {
    throw new Error("not report data: no kind or version.");
  }
  const { version } = json;
  if (version !== REPORT_DATA_VERSION) {
    throw new Error(`report data version ${String(version)}; this reader knows ${REPORT_DATA_VERSION}.`);
  }
  const turns = wire.chatTurns as ChatTurnData[];
  for (const samples of sampleLists(json)) {
    for (const sample of samples) {
      const prompt = sample.prompt as unknown as WirePrompt | SampleData["prompt"];
      if ("turnRefs" in prompt) {
        sample.prompt = { form: "chat", turns: prompt.turnRefs.map((index) => turns[index] as ChatTurnData) };
      }
    }
  }
  return json as EncodedReportHeader & Record<string, unknown>;
}

/** Every list of samples in report data: a run's benchmarks', or each compared run's. */
function sampleLists(data: object): SampleData[][] {
  const sections = [
    ...("run" in data ? [data.run] : []),
    ...("runs" in data && Array.isArray(data.runs) ? data.runs : []),
  ] as { benchmarks?: { samples?: SampleData[] }[] }[];
  return sections.flatMap((section) =>
    (section.benchmarks ?? []).map((benchmark) => benchmark.samples ?? []),
  );
}

/**
 * The page's decoder, to inline in a `<script>`: base64 → bytes → gunzip through the browser's own
 * `DecompressionStream("gzip")` (Chromium 80+, Firefox 113+, Safari 16.4+; Node 18+ has the same globals) → JSON,
 * then each chat prompt's turns looked up in the shared table (the objects are shared, not copied).
 */
export const BROWSER_DECODE_SCRIPT = `async function decodeReportData(base64) {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  const wire = JSON.parse(new TextDecoder().decode(await new Response(stream).arrayBuffer()));
  const report = wire.report;
  const sections = report.run ? [report.run] : report.runs || [];
  for (const section of sections) {
    for (const benchmark of section.benchmarks || []) {
      for (const sample of benchmark.samples || []) {
        const prompt = sample.prompt;
        if (prompt && prompt.turnRefs) {
          sample.prompt = { form: "chat", turns: prompt.turnRefs.map((index) => wire.chatTurns[index]) };
        }
      }
    }
  }
  return report;
}`;
