// find_user_id_by_email: the first user (in the data's order) whose email matches, ignoring case.

import { pyGetItem, pyLower } from "../python-ops.js";
import type { TauTool } from "../tau-tool.js";
import { tableOf } from "../tau-tool.js";
import { argument, requiredParameters } from "../tool-arguments.js";

export const findUserIdByEmail: TauTool = {
  name: "find_user_id_by_email",
  className: "FindUserIdByEmail",
  parameters: requiredParameters("email"),
  invoke: (data, args) => {
    const email = argument(args, "email");
    for (const [userId, profile] of tableOf(data, "users")) {
      // Lowered inside the loop as upstream does: a non-string email raises only when there is a user to compare.
      if (pyLower(pyGetItem(profile, "email")) === pyLower(email)) return { output: userId, data };
    }
    return { output: "Error: user not found", data };
  },
};
