// get_user_details: the user's profile (payment methods, saved passengers, reservation ids) as JSON.
import { dumpPythonJson } from "../../python-json.js";
import { pyHasKey } from "../python-ops.js";
import { type TauTool, tableOf } from "../tau-tool.js";
import { argument } from "../tool-arguments.js";

export const getUserDetailsTool: TauTool = {
  name: "get_user_details",
  className: "GetUserDetails",
  parameters: [{ name: "user_id" }],
  invoke(data, args) {
    const users = tableOf(data, "users");
    const userId = argument(args, "user_id");
    if (pyHasKey(users, userId)) return { output: dumpPythonJson(users.get(userId), null), data };
    return { output: "Error: user not found", data };
  },
};
