// modify_pending_order_items: items of a pending order are swapped for other variants at once; the price difference
// (unrounded, as upstream) is charged or refunded on the given method, a gift card's balance moving immediately.
import { dumpPythonJson } from "../../python-json.js";
import { type PyNumber, type PyValue, pyNumberValue, pyStr, pySub } from "../python-data.js";
import { pyGetDict, pyGetItem, pyGetList, pyHasKey } from "../python-ops.js";
import type { TauTool } from "../tau-tool.js";
import { argument, requiredParameters } from "../tool-arguments.js";
import { firstItemNotInOrder, firstOrderItem, swapItems, variantsOf } from "./order-items.js";
import { giftCardCannotCover, isGiftCard, moveGiftCardBalance, paymentMethodsOf } from "./payment-methods.js";
import { runOnDraft } from "./retail-draft.js";

/** Python's `abs(x)` of a price difference. */
function pyAbs(value: PyNumber): PyNumber {
  return pyNumberValue(value) < 0 ? pySub(0, value) : value;
}

export const modifyPendingOrderItems: TauTool = {
  name: "modify_pending_order_items",
  className: "ModifyPendingOrderItems",
  parameters: requiredParameters("order_id", "item_ids", "new_item_ids", "payment_method_id"),
  invoke: (data, args) =>
    runOnDraft(data, (draft) => {
      const orderId = argument(args, "order_id");
      const itemIds = argument(args, "item_ids");
      const newItemIds = argument(args, "new_item_ids");
      const paymentMethodId = argument(args, "payment_method_id");
      const products = draft.table("products");
      if (!pyHasKey(draft.table("orders"), orderId)) return "Error: order not found";
      const current = draft.read("orders", orderId);
      if (pyGetItem(current, "status") !== "pending") return "Error: non-pending order cannot be modified";

      const missing = firstItemNotInOrder(itemIds, current);
      if (missing !== undefined) return `Error: ${pyStr(missing.itemId)} not found`;
      const swap = swapItems(products, current, itemIds, newItemIds);
      if ("error" in swap) return swap.error;
      const { priceDifference } = swap;

      const userId = String(pyGetItem(current, "user_id"));
      const paymentMethods = paymentMethodsOf(draft, userId);
      if (!pyHasKey(paymentMethods, paymentMethodId)) return "Error: payment method not found";
      const paymentMethod = pyGetDict(paymentMethods, paymentMethodId);
      const isGift = isGiftCard(paymentMethod);
      if (isGift && giftCardCannotCover(paymentMethod, priceDifference)) {
        return "Error: insufficient gift card balance to pay for the new item";
      }

      const order = draft.edit("orders", orderId);
      const transaction = new Map<string, PyValue>([
        ["transaction_type", pyNumberValue(priceDifference) > 0 ? "payment" : "refund"],
        ["amount", pyAbs(priceDifference)],
        ["payment_method_id", paymentMethodId],
      ]);
      order.set("payment_history", [...pyGetList(order, "payment_history"), transaction]);
      if (isGift) moveGiftCardBalance(draft, userId, paymentMethodId, priceDifference, "debit");

      // One pair at a time, each finding the first item that has the old id *now*: an item already swapped to an
      // id listed later is found again, exactly as upstream's loop does.
      for (const [itemId, newItemId] of swap.pairs) {
        const item = firstOrderItem(order, itemId);
        const variant = pyGetDict(variantsOf(products, pyGetItem(item, "product_id")), newItemId);
        item.set("item_id", newItemId);
        item.set("price", pyGetItem(variant, "price"));
        item.set("options", pyGetItem(variant, "options"));
      }
      order.set("status", "pending (item modified)");
      return dumpPythonJson(order, null);
    }),
};
