// Shared by the retail tool tests: the real retail data (tests skip without it), a call with keyword arguments, and
// the record-level expectations (what a record should become; that the input data was left alone).
import { describe, expect } from "vitest";
import { dumpPythonJson } from "../../../python-json.js";
import { clonePyValue, isPyDict, type PyDict, type PyValue } from "../../python-data.js";
import { callTauTool, type TauData, type TauTool, type TauToolOutcome } from "../../tau-tool.js";
import { sharedTauData, TAU_SHARED_DIR } from "../../test-support/shared-tau-data.js";

/** `describe` when the shared τ-bench data is present, else `describe.skip`. */
export function realDataSuite(name: string, body: () => void): void {
  if (TAU_SHARED_DIR === undefined) describe.skip(name, body);
  else describe(name, body);
}

export function retailData(): TauData {
  return sharedTauData("retail");
}

/** A call as τ-bench's `Env.step` makes it, with keyword arguments, checking the input data is not changed. */
export function callRetail(
  tool: TauTool,
  args: Readonly<Record<string, PyValue>>,
  data: TauData = retailData(),
): TauToolOutcome {
  const before = dumpPythonJson(data, null);
  const outcome = callTauTool(tool, data, new Map(Object.entries(args)));
  expect(dumpPythonJson(data, null)).toBe(before);
  return outcome;
}

/** `data[table][key]`. */
export function recordOf(data: TauData, table: string, key: string): PyDict {
  const rows = data.get(table);
  const record = isPyDict(rows) ? rows.get(key) : undefined;
  if (!isPyDict(record)) throw new Error(`no ${table}[${key}]`);
  return record;
}

/** A deep copy of a record with some keys set (existing keys keep their place, new ones are appended). */
export function changedRecord(record: PyDict, changes: Readonly<Record<string, PyValue>>): PyDict {
  const copy = clonePyValue(record);
  for (const [key, value] of Object.entries(changes)) copy.set(key, value);
  return copy;
}

/** A `{transaction_type, amount, payment_method_id}` entry. */
export function transaction(type: string, amount: PyValue, paymentMethodId: string): PyDict {
  return new Map<string, PyValue>([
    ["transaction_type", type],
    ["amount", amount],
    ["payment_method_id", paymentMethodId],
  ]);
}

/** A user's payment method record. */
export function paymentMethodOf(data: TauData, userId: string, paymentMethodId: string): PyDict {
  const methods = recordOf(data, "users", userId).get("payment_methods");
  const method = isPyDict(methods) ? methods.get(paymentMethodId) : undefined;
  if (!isPyDict(method)) throw new Error(`no ${paymentMethodId}`);
  return method;
}

/** Output of a call that changes nothing: the same data object comes back. */
export function expectNoChange(outcome: TauToolOutcome, data: TauData, output: string): void {
  expect(outcome.output).toBe(output);
  expect(outcome.data).toBe(data);
}
