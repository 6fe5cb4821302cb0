// The address dict the two address tools write: the six fields in upstream's key order, each argument kept as given.
import { clonePyValue, type PyDict, type PyValue } from "../python-data.js";
import { argument } from "../tool-arguments.js";

export const ADDRESS_FIELDS: readonly string[] = ["address1", "address2", "city", "state", "country", "zip"];

/** `{"address1": address1, …, "zip": zip}` from the bound arguments. */
export function addressFromArguments(args: ReadonlyMap<string, PyValue>): PyDict {
  return new Map(ADDRESS_FIELDS.map((field) => [field, clonePyValue(argument(args, field))]));
}
