// How a tool declares its Python parameters and reads the arguments `callTauTool` bound to them.
import type { PyValue } from "./python-data.js";
import type { TauToolParameter } from "./tau-tool.js";

/** Parameters without defaults, in the order of Python's `invoke`. */
export function requiredParameters(...names: readonly string[]): readonly TauToolParameter[] {
  return names.map((name) => ({ name }));
}

/** A bound argument (binding guarantees every parameter is present; a missing one would be a bug here). */
export function argument(args: ReadonlyMap<string, PyValue>, name: string): PyValue {
  const value = args.get(name);
  if (value === undefined) throw new Error(`argument ${name} was not bound`);
  return value;
}
