// A τ-bench domain tool: a pure function of the domain data and the agent's arguments that returns the observation
// text and the data after the call (τ-bench's tools change `data` in place; here each call returns a new one and
// leaves its input alone). Calls are bound like Python binds keyword arguments to the tool's `invoke(data, …)`, and a
// Python exception becomes the observation `Error: <str(exception)>`, as τ-bench's `Env.step` makes it.
import { clonePyValue, isPyDict, type PyDict, type PyValue, pyRepr } from "./python-data.js";

/** A domain's data: its tables by name (`orders`, `products`, `users`; `flights`, `reservations`, `users`). */
export type TauData = ReadonlyMap<string, PyValue>;

/** One parameter of the tool's Python `invoke(data, …)` signature. */
export interface TauToolParameter {
  readonly name: string;
  /** The Python default (a parameter without one is required). */
  readonly default?: PyValue;
}

export interface TauToolOutcome {
  /** What the agent is shown. */
  readonly output: string;
  /** The data after the call (the input itself when the call changed nothing). */
  readonly data: TauData;
}

export interface TauTool {
  /** The function name the agent calls (the schema's `function.name`). */
  readonly name: string;
  /** τ-bench's class name (`CancelPendingOrder`), for Python's messages about a bad call. */
  readonly className: string;
  /** `invoke`'s parameters after `data`, in order. */
  readonly parameters: readonly TauToolParameter[];
  /**
   * The call with every parameter bound (defaults filled in). Returns the observation and the new data; throws a
   * `PythonException` where τ-bench's code raises (or Python would raise on the arguments given).
   */
  invoke(data: TauData, args: ReadonlyMap<string, PyValue>): TauToolOutcome;
}

/**
 * An exception τ-bench's Python would raise: `str(exception)` is `message` (a KeyError's is the key's repr). A tool
 * that raises after it changed the data in place passes the changed data as `dataSoFar`: τ-bench keeps the change.
 */
export class PythonException extends Error {
  readonly pythonType: string;
  readonly dataSoFar: TauData | undefined;
  constructor(pythonType: string, message: string, dataSoFar?: TauData) {
    super(message);
    this.pythonType = pythonType;
    this.dataSoFar = dataSoFar;
  }
}

/**
 * What τ-bench's run cannot survive (a tool that returns None where `Env.step` needs a text): the whole task fails
 * there and is scored 0 (its `run` catches the exception). Not an observation: `callTauTool` lets it through.
 */
export class TauTaskCrash extends Error {}

/** Python's `KeyError(key)`: its str() is the key's repr. */
export function keyError(key: PyValue): PythonException {
  return new PythonException("KeyError", pyRepr(key));
}

/** `a`, `a and b`, `a, b, and c` — how Python lists missing arguments. */
function pythonNameList(names: readonly string[]): string {
  const quoted = names.map((name) => `'${name}'`);
  if (quoted.length <= 2) return quoted.join(" and ");
  return `${quoted.slice(0, -1).join(", ")}, and ${quoted.at(-1)}`;
}

/**
 * Binds keyword arguments to the tool's parameters as Python does, or throws the `TypeError` Python would: an
 * unexpected keyword first, then the missing required ones.
 */
export function bindTauArguments(tool: TauTool, args: ReadonlyMap<string, PyValue>): Map<string, PyValue> {
  const known = new Set(tool.parameters.map((parameter) => parameter.name));
  for (const name of args.keys()) {
    if (!known.has(name) || name === "data") {
      throw new PythonException(
        "TypeError",
        name === "data"
          ? `${tool.className}.invoke() got multiple values for argument 'data'`
          : `${tool.className}.invoke() got an unexpected keyword argument '${name}'`,
      );
    }
  }
  const missing = tool.parameters
    .filter((parameter) => parameter.default === undefined && !args.has(parameter.name))
    .map((parameter) => parameter.name);
  if (missing.length > 0) {
    throw new PythonException(
      "TypeError",
      `${tool.className}.invoke() missing ${missing.length} required positional argument${missing.length === 1 ? "" : "s"}: ${pythonNameList(missing)}`,
    );
  }
  const bound = new Map<string, PyValue>();
  for (const parameter of tool.parameters) {
    bound.set(parameter.name, args.get(parameter.name) ?? parameter.default ?? null);
  }
  return bound;
}

/**
 * One call as τ-bench's `Env.step` makes it: the result, or `Error: <str(exception)>` with the data as the exception
 * left it (unchanged, or `dataSoFar`).
 */
export function callTauTool(
  tool: TauTool,
  data: TauData,
  args: ReadonlyMap<string, PyValue>,
): TauToolOutcome {
  try {
    return tool.invoke(data, bindTauArguments(tool, args));
  } catch (error) {
    if (error instanceof PythonException)
      return { output: `Error: ${error.message}`, data: error.dataSoFar ?? data };
    throw error;
  }
}

/** A table of the data (a dict keyed by id); a KeyError when the data has none by that name. */
export function tableOf(data: TauData, table: string): PyDict {
  const value = data.get(table);
  if (!isPyDict(value)) throw keyError(table);
  return value;
}

/**
 * The data with one record replaced by `change(copy)`'s edit of a deep copy of it (the input data, its table and
 * its record are left as they were).
 */
export function withRecord(
  data: TauData,
  table: string,
  key: string,
  change: (record: PyDict) => void,
): TauData {
  const rows = tableOf(data, table);
  const record = rows.get(key);
  if (!isPyDict(record)) throw keyError(key);
  const copy = clonePyValue(record);
  change(copy);
  const nextRows = new Map(rows);
  nextRows.set(key, copy);
  const next = new Map(data);
  next.set(table, nextRows);
  return next;
}

/** The data with `table[key]` set to `record` (a new row, or one replaced whole). */
export function setRecord(data: TauData, table: string, key: string, record: PyValue): TauData {
  const nextRows = new Map(tableOf(data, table));
  nextRows.set(key, record);
  const next = new Map(data);
  next.set(table, nextRows);
  return next;
}
