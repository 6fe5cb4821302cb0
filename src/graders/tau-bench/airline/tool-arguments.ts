// Reading a bound argument of a tool call (callTauTool has bound every parameter, defaults included).
import type { PyValue } from "../python-data.js";

export function argument(args: ReadonlyMap<string, PyValue>, name: string): PyValue {
  return args.get(name) ?? null;
}
