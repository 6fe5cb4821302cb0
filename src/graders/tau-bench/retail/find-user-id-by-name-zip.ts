// find_user_id_by_name_zip: the first user whose first and last names match ignoring case and whose zip is equal.

import { pyGetItem, pyLower } from "../python-ops.js";
import type { TauTool } from "../tau-tool.js";
import { tableOf } from "../tau-tool.js";
import { argument, requiredParameters } from "../tool-arguments.js";

export const findUserIdByNameZip: TauTool = {
  name: "find_user_id_by_name_zip",
  className: "FindUserIdByNameZip",
  parameters: requiredParameters("first_name", "last_name", "zip"),
  invoke: (data, args) => {
    const firstName = argument(args, "first_name");
    const lastName = argument(args, "last_name");
    const zip = argument(args, "zip");
    for (const [userId, profile] of tableOf(data, "users")) {
      const name = pyGetItem(profile, "name");
      // Evaluated left to right with `and`'s short-circuit, so a bad last name raises only once a first name matched.
      if (
        pyLower(pyGetItem(name, "first_name")) === pyLower(firstName) &&
        pyLower(pyGetItem(name, "last_name")) === pyLower(lastName) &&
        pyGetItem(pyGetItem(profile, "address"), "zip") === zip
      ) {
        return { output: userId, data };
      }
    }
    return { output: "Error: user not found", data };
  },
};
