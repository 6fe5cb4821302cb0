// modify_pending_order_payment: a pending order's single payment moves to another of the user's methods: a new
// payment and a refund of the old one are recorded, and gift card balances move at once.
import { dumpPythonJson } from "../../python-json.js";
import type { PyValue } from "../python-data.js";
import { pyFirst, pyGetDict, pyGetItem, pyGetList, pyGetNumber, pyHasKey } from "../python-ops.js";
import type { TauTool } from "../tau-tool.js";
import { argument, requiredParameters } from "../tool-arguments.js";
import { giftCardCannotCover, isGiftCard, moveGiftCardBalance, paymentMethodsOf } from "./payment-methods.js";
import { runOnDraft } from "./retail-draft.js";

export const modifyPendingOrderPayment: TauTool = {
  name: "modify_pending_order_payment",
  className: "ModifyPendingOrderPayment",
  parameters: requiredParameters("order_id", "payment_method_id"),
  invoke: (data, args) =>
    runOnDraft(data, (draft) => {
      const orderId = argument(args, "order_id");
      const paymentMethodId = argument(args, "payment_method_id");
      if (!pyHasKey(draft.table("orders"), orderId)) return "Error: order not found";
      const current = draft.read("orders", orderId);
      if (pyGetItem(current, "status") !== "pending") return "Error: non-pending order cannot be modified";

      const userId = String(pyGetItem(current, "user_id"));
      const paymentMethods = paymentMethodsOf(draft, userId);
      if (!pyHasKey(paymentMethods, paymentMethodId)) return "Error: payment method not found";
      const history = pyGetList(current, "payment_history");
      if (history.length > 1 || pyGetItem(pyFirst(history), "transaction_type") !== "payment") {
        return "Error: there should be exactly one payment for a pending order";
      }
      const payment = pyFirst(history);
      const oldPaymentMethodId = String(pyGetItem(payment, "payment_method_id"));
      if (oldPaymentMethodId === paymentMethodId) {
        return "Error: the new payment method should be different from the current one";
      }
      const amount = pyGetNumber(payment, "amount");
      const paymentMethod = pyGetDict(paymentMethods, paymentMethodId);
      const isGift = isGiftCard(paymentMethod);
      if (isGift && giftCardCannotCover(paymentMethod, amount)) {
        return "Error: insufficient gift card balance to pay for the order";
      }

      const order = draft.edit("orders", orderId);
      const entry = (type: string, methodId: string): PyValue =>
        new Map<string, PyValue>([
          ["transaction_type", type],
          ["amount", amount],
          ["payment_method_id", methodId],
        ]);
      order.set("payment_history", [
        ...pyGetList(order, "payment_history"),
        entry("payment", paymentMethodId),
        entry("refund", oldPaymentMethodId),
      ]);
      if (isGift) moveGiftCardBalance(draft, userId, paymentMethodId, amount, "debit");
      if (oldPaymentMethodId.includes("gift_card")) {
        moveGiftCardBalance(draft, userId, oldPaymentMethodId, amount, "credit");
      }
      return dumpPythonJson(order, null);
    }),
};
