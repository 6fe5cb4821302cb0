// Runs a sequence of airline tool calls on the real data, as τ-bench's Env.step does, and checks that the input
// data was left as it was (the tools are pure; τ-bench's own change the data in place).
import { expect } from "vitest";
import { dumpPythonJson } from "../../../python-json.js";
import { loadPyJson, type PyValue } from "../../python-data.js";
import { callTauTool, type TauData, tableOf } from "../../tau-tool.js";
import { sharedTauData } from "../../test-support/shared-tau-data.js";
import { AIRLINE_TOOLS } from "../index.js";

export interface AirlineRun {
  readonly input: TauData;
  readonly data: TauData;
  readonly outputs: readonly string[];
  /** `json.dumps` of a record after the calls (`null` when it is absent). */
  recordJson(table: string, key: string): string;
}

function recordJsonOf(data: TauData, table: string, key: string): string {
  return dumpPythonJson(tableOf(data, table).get(key) ?? null, null);
}

/** A tool by its function name. */
export function airlineTool(name: string) {
  const tool = AIRLINE_TOOLS.find((candidate) => candidate.name === name);
  if (tool === undefined) throw new Error(`no airline tool ${name}`);
  return tool;
}

/**
 * Calls `[name, kwargs as JSON text]` in order (the JSON text keeps Python's `250.0` a float), then checks that the
 * records in `watched` are unchanged in the input data.
 */
export function runAirlineCalls(
  calls: readonly (readonly [string, string])[],
  watched: readonly (readonly [string, string])[] = [],
): AirlineRun {
  const input = sharedTauData("airline");
  const before = watched.map(([table, key]) => recordJsonOf(input, table, key));
  let data = input;
  const outputs: string[] = [];
  for (const [name, kwargsJson] of calls) {
    const kwargs = loadPyJson(kwargsJson);
    if (!(kwargs instanceof Map)) throw new Error("kwargs must be a JSON object");
    const outcome = callTauTool(airlineTool(name), data, kwargs as Map<string, PyValue>);
    outputs.push(outcome.output);
    data = outcome.data;
  }
  expect(watched.map(([table, key]) => recordJsonOf(input, table, key))).toEqual(before);
  return { input, data, outputs, recordJson: (table, key) => recordJsonOf(data, table, key) };
}
