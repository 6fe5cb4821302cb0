// list_all_product_types: every product name mapped to its product id, sorted by name, as JSON.
import { dumpPythonJson } from "../../python-json.js";
import type { PyValue } from "../python-data.js";
import { compareCodePoints, pyGetItem } from "../python-ops.js";
import type { TauTool } from "../tau-tool.js";
import { tableOf } from "../tau-tool.js";

export const listAllProductTypes: TauTool = {
  name: "list_all_product_types",
  className: "ListAllProductTypes",
  parameters: [],
  invoke: (data) => {
    // A later product with the same name replaces the id, as a dict comprehension does.
    const idsByName = new Map<string, PyValue>();
    for (const product of tableOf(data, "products").values()) {
      idsByName.set(String(pyGetItem(product, "name")), pyGetItem(product, "product_id"));
    }
    const sorted = new Map([...idsByName].sort(([left], [right]) => compareCodePoints(left, right)));
    return { output: dumpPythonJson(sorted, null), data };
  },
};
