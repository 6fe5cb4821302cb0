// exchange_delivered_order_items: a delivered order is marked "exchange requested" with the items to swap, their
// replacements and the price difference (rounded to cents); nothing is charged or refunded yet.
import { dumpPythonJson } from "../../python-json.js";
import { pyRound, pyStr } from "../python-data.js";
import { pyGetDict, pyGetItem, pyHasKey, sortedStrings } from "../python-ops.js";
import type { TauTool } from "../tau-tool.js";
import { argument, requiredParameters } from "../tool-arguments.js";
import { firstItemNotInOrder, swapItems } from "./order-items.js";
import { giftCardCannotCover, isGiftCard, paymentMethodsOf } from "./payment-methods.js";
import { runOnDraft } from "./retail-draft.js";

export const exchangeDeliveredOrderItems: TauTool = {
  name: "exchange_delivered_order_items",
  className: "ExchangeDeliveredOrderItems",
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
      if (pyGetItem(current, "status") !== "delivered")
        return "Error: non-delivered order cannot be exchanged";

      const missing = firstItemNotInOrder(itemIds, current);
      if (missing !== undefined) return `Error: ${pyStr(missing.itemId)} not found`;
      const swap = swapItems(products, current, itemIds, newItemIds);
      if ("error" in swap) return swap.error;
      const priceDifference = pyRound(swap.priceDifference, 2);

      const paymentMethods = paymentMethodsOf(draft, String(pyGetItem(current, "user_id")));
      if (!pyHasKey(paymentMethods, paymentMethodId)) return "Error: payment method not found";
      const paymentMethod = pyGetDict(paymentMethods, paymentMethodId);
      if (isGiftCard(paymentMethod) && giftCardCannotCover(paymentMethod, priceDifference)) {
        return "Error: insufficient gift card balance to pay for the price difference";
      }

      const order = draft.edit("orders", orderId);
      order.set("status", "exchange requested");
      order.set("exchange_items", sortedStrings(swap.pairs.map(([itemId]) => itemId)));
      order.set("exchange_new_items", sortedStrings(swap.pairs.map(([, newItemId]) => newItemId)));
      order.set("exchange_payment_method_id", paymentMethodId);
      order.set("exchange_price_difference", priceDifference);
      return dumpPythonJson(order, null);
    }),
};
