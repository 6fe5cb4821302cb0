// modify_pending_order_address: a pending order's shipping address is replaced.
import { dumpPythonJson } from "../../python-json.js";
import { pyGetItem, pyHasKey } from "../python-ops.js";
import type { TauTool } from "../tau-tool.js";
import { argument, requiredParameters } from "../tool-arguments.js";
import { ADDRESS_FIELDS, addressFromArguments } from "./address.js";
import { runOnDraft } from "./retail-draft.js";

export const modifyPendingOrderAddress: TauTool = {
  name: "modify_pending_order_address",
  className: "ModifyPendingOrderAddress",
  parameters: requiredParameters("order_id", ...ADDRESS_FIELDS),
  invoke: (data, args) =>
    runOnDraft(data, (draft) => {
      const orderId = argument(args, "order_id");
      if (!pyHasKey(draft.table("orders"), orderId)) return "Error: order not found";
      if (pyGetItem(draft.read("orders", orderId), "status") !== "pending") {
        return "Error: non-pending order cannot be modified";
      }
      const order = draft.edit("orders", orderId);
      order.set("address", addressFromArguments(args));
      return dumpPythonJson(order, null);
    }),
};
