// The read-only lookups of both domains (retail order, product, user; airline reservation, user): the record as
// JSON, or the tool's "not found" text (airline's reservation lookup says "user not found", as τ-bench's does).
import { dumpPythonJson } from "../python-json.js";
import { pyHasKey } from "./python-ops.js";
import type { TauTool } from "./tau-tool.js";
import { tableOf } from "./tau-tool.js";
import { argument, requiredParameters } from "./tool-arguments.js";

interface RecordLookup {
  readonly name: string;
  readonly className: string;
  readonly table: string;
  readonly parameter: string;
  readonly notFound: string;
}

/** A tool returning `json.dumps(data[table][id])` when the id is a key of the table. */
export function recordLookupTool(lookup: RecordLookup): TauTool {
  return {
    name: lookup.name,
    className: lookup.className,
    parameters: requiredParameters(lookup.parameter),
    invoke: (data, args) => {
      const rows = tableOf(data, lookup.table);
      const id = argument(args, lookup.parameter);
      const output = pyHasKey(rows, id) ? dumpPythonJson(rows.get(id), null) : lookup.notFound;
      return { output, data };
    },
  };
}
