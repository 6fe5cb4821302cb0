// return_delivered_order_items: a delivered order is marked "return requested" with the items to return and the
// method to refund (the original one or any gift card); the refund itself happens outside the data.
import { dumpPythonJson } from "../../python-json.js";
import { pyFirst, pyGetItem, pyGetList, pyHasKey, pyIterate, sortedStrings } from "../python-ops.js";
import type { TauTool } from "../tau-tool.js";
import { argument, requiredParameters } from "../tool-arguments.js";
import { firstItemNotInOrder } from "./order-items.js";
import { paymentMethodsOf } from "./payment-methods.js";
import { runOnDraft } from "./retail-draft.js";

export const returnDeliveredOrderItems: TauTool = {
  name: "return_delivered_order_items",
  className: "ReturnDeliveredOrderItems",
  parameters: requiredParameters("order_id", "item_ids", "payment_method_id"),
  invoke: (data, args) =>
    runOnDraft(data, (draft) => {
      const orderId = argument(args, "order_id");
      const itemIds = argument(args, "item_ids");
      const paymentMethodId = argument(args, "payment_method_id");
      if (!pyHasKey(draft.table("orders"), orderId)) return "Error: order not found";
      const current = draft.read("orders", orderId);
      if (pyGetItem(current, "status") !== "delivered")
        return "Error: non-delivered order cannot be returned";

      const paymentMethods = paymentMethodsOf(draft, String(pyGetItem(current, "user_id")));
      if (!pyHasKey(paymentMethods, paymentMethodId)) return "Error: payment method not found";
      // The original method is looked up only for a method that is not a gift card (`and` short-circuits).
      const isOriginal = (): boolean =>
        paymentMethodId === pyGetItem(pyFirst(pyGetList(current, "payment_history")), "payment_method_id");
      if (!paymentMethodId.includes("gift_card") && !isOriginal()) {
        return "Error: payment method should be either the original payment method or a gift card";
      }
      if (firstItemNotInOrder(itemIds, current) !== undefined) return "Error: some item not found";

      const order = draft.edit("orders", orderId);
      order.set("status", "return requested");
      // Every id passed the check above, so each is a string.
      order.set("return_items", sortedStrings(pyIterate(itemIds).map(String)));
      order.set("return_payment_method_id", paymentMethodId);
      return dumpPythonJson(order, null);
    }),
};
