// cancel_pending_order: a pending order becomes cancelled; every payment gets a matching refund entry, and a gift
// card payment goes back on the card at once.
import { dumpPythonJson } from "../../python-json.js";
import type { PyDict, PyValue } from "../python-data.js";
import { pyGetItem, pyGetList, pyGetNumber, pyHasKey } from "../python-ops.js";
import type { TauTool } from "../tau-tool.js";
import { argument, requiredParameters } from "../tool-arguments.js";
import { moveGiftCardBalance } from "./payment-methods.js";
import { runOnDraft } from "./retail-draft.js";

const REASONS: readonly string[] = ["no longer needed", "ordered by mistake"];

export const cancelPendingOrder: TauTool = {
  name: "cancel_pending_order",
  className: "CancelPendingOrder",
  parameters: requiredParameters("order_id", "reason"),
  invoke: (data, args) =>
    runOnDraft(data, (draft) => {
      const orderId = argument(args, "order_id");
      const reason = argument(args, "reason");
      if (!pyHasKey(draft.table("orders"), orderId)) return "Error: order not found";
      const current = draft.read("orders", orderId);
      if (pyGetItem(current, "status") !== "pending") return "Error: non-pending order cannot be cancelled";
      if (typeof reason !== "string" || !REASONS.includes(reason)) return "Error: invalid reason";

      const userId = String(pyGetItem(current, "user_id"));
      const refunds: PyValue[] = [];
      for (const payment of pyGetList(current, "payment_history")) {
        const paymentId = pyGetItem(payment, "payment_method_id");
        const amount = pyGetNumber(payment, "amount");
        refunds.push(
          new Map<string, PyValue>([
            ["transaction_type", "refund"],
            ["amount", amount],
            ["payment_method_id", paymentId],
          ]),
        );
        // Gift card refunds are immediate; other methods are refunded outside the data.
        if (String(paymentId).includes("gift_card")) {
          moveGiftCardBalance(draft, userId, String(paymentId), amount, "credit");
        }
      }

      const order: PyDict = draft.edit("orders", orderId);
      order.set("status", "cancelled");
      order.set("cancel_reason", reason);
      order.set("payment_history", [...pyGetList(order, "payment_history"), ...refunds]);
      return dumpPythonJson(order, null);
    }),
};
