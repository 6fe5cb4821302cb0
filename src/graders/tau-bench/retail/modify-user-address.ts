// modify_user_address: a user's default address is replaced (their orders keep theirs).
import { dumpPythonJson } from "../../python-json.js";
import { pyHasKey } from "../python-ops.js";
import type { TauTool } from "../tau-tool.js";
import { argument, requiredParameters } from "../tool-arguments.js";
import { ADDRESS_FIELDS, addressFromArguments } from "./address.js";
import { runOnDraft } from "./retail-draft.js";

export const modifyUserAddress: TauTool = {
  name: "modify_user_address",
  className: "ModifyUserAddress",
  parameters: requiredParameters("user_id", ...ADDRESS_FIELDS),
  invoke: (data, args) =>
    runOnDraft(data, (draft) => {
      const userId = argument(args, "user_id");
      if (!pyHasKey(draft.table("users"), userId)) return "Error: user not found";
      const user = draft.edit("users", userId);
      user.set("address", addressFromArguments(args));
      return dumpPythonJson(user, null);
    }),
};
