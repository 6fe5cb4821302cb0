import { expect, it } from "vitest";
import { dumpPythonJson } from "../../python-json.js";
import { isSameData, type PyValue } from "../python-data.js";
import { modifyPendingOrderPayment } from "./modify-pending-order-payment.js";
import {
  callRetail,
  changedRecord,
  expectNoChange,
  paymentMethodOf,
  realDataSuite,
  recordOf,
  retailData,
  transaction,
} from "./test-support/retail-test-kit.js";

const ORDER = "#W1080318"; // pending, omar_kim_3528, 53.43 on credit_card_3577130; gift_card_3749819 holds 91

realDataSuite("modify_pending_order_payment", () => {
  it("moves the payment to a gift card: a new payment, a refund, the card debited", () => {
    const data = retailData();
    const result = callRetail(modifyPendingOrderPayment, {
      order_id: ORDER,
      payment_method_id: "gift_card_3749819",
    });
    const expected = changedRecord(recordOf(data, "orders", ORDER), {
      payment_history: [
        transaction("payment", 53.43, "credit_card_3577130"),
        transaction("payment", 53.43, "gift_card_3749819"),
        transaction("refund", 53.43, "credit_card_3577130"),
      ],
    });
    expect(result.output).toBe(dumpPythonJson(expected, null));
    expect(isSameData(recordOf(result.data, "orders", ORDER), expected)).toBe(true);
    expect(paymentMethodOf(result.data, "omar_kim_3528", "gift_card_3749819").get("balance")).toBe(37.57);
  });

  it("refunds the old gift card when moving back to the card", () => {
    const moved = callRetail(modifyPendingOrderPayment, {
      order_id: ORDER,
      payment_method_id: "gift_card_3749819",
    });
    // The history now has three entries, so a second move is refused.
    expectNoChange(
      callRetail(
        modifyPendingOrderPayment,
        { order_id: ORDER, payment_method_id: "credit_card_3577130" },
        moved.data,
      ),
      moved.data,
      "Error: there should be exactly one payment for a pending order",
    );
    const data = retailData();
    const orders = new Map(data.get("orders") as Map<string, PyValue>).set(
      ORDER,
      changedRecord(recordOf(data, "orders", ORDER), {
        payment_history: [transaction("payment", 53.43, "gift_card_3749819")],
      }),
    );
    const result = callRetail(
      modifyPendingOrderPayment,
      { order_id: ORDER, payment_method_id: "credit_card_3577130" },
      new Map(data).set("orders", orders),
    );
    expect(paymentMethodOf(result.data, "omar_kim_3528", "gift_card_3749819").get("balance")).toBe(144.43);
  });

  it("answers each failed check with upstream's message", () => {
    const data = retailData();
    const cases: [Record<string, PyValue>, string][] = [
      [{ order_id: "#W0", payment_method_id: "gift_card_3749819" }, "Error: order not found"],
      [
        { order_id: "#W4817420", payment_method_id: "gift_card_8168843" },
        "Error: non-pending order cannot be modified",
      ],
      [{ order_id: ORDER, payment_method_id: "paypal_1" }, "Error: payment method not found"],
      [
        { order_id: ORDER, payment_method_id: "credit_card_3577130" },
        "Error: the new payment method should be different from the current one",
      ],
    ];
    for (const [args, message] of cases)
      expectNoChange(callRetail(modifyPendingOrderPayment, args), data, message);
    // ethan_lopez_6291's 49 on gift_card_7219486 cannot pay #W6779827's 4079.45 — set up the reverse direction.
    const orders = new Map(data.get("orders") as Map<string, PyValue>).set(
      "#W6779827",
      changedRecord(recordOf(data, "orders", "#W6779827"), {
        payment_history: [transaction("payment", 4079.45, "credit_card_9789590")],
      }),
    );
    const changed = new Map(data).set("orders", orders);
    expectNoChange(
      callRetail(
        modifyPendingOrderPayment,
        { order_id: "#W6779827", payment_method_id: "gift_card_7219486" },
        changed,
      ),
      changed,
      "Error: insufficient gift card balance to pay for the order",
    );
  });
});
