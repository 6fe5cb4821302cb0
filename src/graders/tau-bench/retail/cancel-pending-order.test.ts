import { expect, it } from "vitest";
import { dumpPythonJson } from "../../python-json.js";
import { isSameData, PythonFloat, type PyValue } from "../python-data.js";
import { cancelPendingOrder } from "./cancel-pending-order.js";
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

realDataSuite("cancel_pending_order", () => {
  it("cancels a gift-card-paid order and refunds the card at once", () => {
    const data = retailData();
    const before = recordOf(data, "orders", "#W6779827");
    const result = callRetail(cancelPendingOrder, { order_id: "#W6779827", reason: "no longer needed" });
    const expected = changedRecord(before, {
      status: "cancelled",
      payment_history: [
        transaction("payment", 4079.45, "gift_card_7219486"),
        transaction("refund", 4079.45, "gift_card_7219486"),
      ],
      cancel_reason: "no longer needed",
    });
    expect(result.output).toBe(dumpPythonJson(expected, null));
    expect(isSameData(recordOf(result.data, "orders", "#W6779827"), expected)).toBe(true);
    // 49 + 4079.45, rounded: upstream's 4128.45.
    expect(paymentMethodOf(result.data, "ethan_lopez_6291", "gift_card_7219486").get("balance")).toBe(
      4128.45,
    );
    expect(paymentMethodOf(data, "ethan_lopez_6291", "gift_card_7219486").get("balance")).toBe(49);
  });

  it("records a refund for a card payment without touching the user", () => {
    const data = retailData();
    const result = callRetail(cancelPendingOrder, { order_id: "#W5918442", reason: "ordered by mistake" });
    const order = recordOf(result.data, "orders", "#W5918442");
    expect(order.get("status")).toBe("cancelled");
    expect(order.get("cancel_reason")).toBe("ordered by mistake");
    const history = order.get("payment_history") as PyValue[];
    expect(history).toHaveLength(2);
    expect(dumpPythonJson(history[1] ?? null, null)).toMatch(
      /^\{"transaction_type": "refund", "amount": [\d.]+, "payment_method_id": "credit_card_5051208"\}$/,
    );
    expect(result.data.get("users")).toBe(data.get("users"));
  });

  it("keeps an integral float amount a float", () => {
    const data = retailData();
    const order = changedRecord(recordOf(data, "orders", "#W5918442"), {
      payment_history: [transaction("payment", new PythonFloat(100), "credit_card_5051208")],
    });
    const orders = new Map(data.get("orders") as Map<string, PyValue>).set("#W5918442", order);
    const result = callRetail(
      cancelPendingOrder,
      { order_id: "#W5918442", reason: "no longer needed" },
      new Map(data).set("orders", orders),
    );
    expect(result.output).toContain(
      '{"transaction_type": "refund", "amount": 100.0, "payment_method_id": "credit_card_5051208"}',
    );
  });

  it("answers each failed check with upstream's message, in upstream's order", () => {
    const data = retailData();
    const cases: [Record<string, PyValue>, string][] = [
      [{ order_id: "#W0000000", reason: "no longer needed" }, "Error: order not found"],
      [{ order_id: 5918442, reason: "no longer needed" }, "Error: order not found"],
      [{ order_id: "#W4817420", reason: "bogus" }, "Error: non-pending order cannot be cancelled"],
      [{ order_id: "#W5918442", reason: "changed my mind" }, "Error: invalid reason"],
      [{ order_id: "#W5918442", reason: ["no longer needed"] }, "Error: invalid reason"],
      [{ order_id: ["#W5918442"], reason: "no longer needed" }, "Error: unhashable type: 'list'"],
      [
        { order_id: "#W5918442" },
        "Error: CancelPendingOrder.invoke() missing 1 required positional argument: 'reason'",
      ],
      [
        { order_id: "#W5918442", reason: "no longer needed", note: "x" },
        "Error: CancelPendingOrder.invoke() got an unexpected keyword argument 'note'",
      ],
    ];
    for (const [args, message] of cases) expectNoChange(callRetail(cancelPendingOrder, args), data, message);
  });
});

realDataSuite("cancel_pending_order raising midway", () => {
  it("keeps the gift card refund made before a KeyError, as τ-bench keeps in-place changes", () => {
    const data = retailData();
    // A second payment on a gift card the user does not have: upstream refunds the first card, then raises.
    const order = changedRecord(recordOf(data, "orders", "#W6779827"), {
      payment_history: [
        transaction("payment", 10.5, "gift_card_7219486"),
        transaction("payment", 1, "gift_card_0000000"),
      ],
    });
    const changed = new Map(data).set(
      "orders",
      new Map(data.get("orders") as Map<string, PyValue>).set("#W6779827", order),
    );
    const result = callRetail(
      cancelPendingOrder,
      { order_id: "#W6779827", reason: "no longer needed" },
      changed,
    );
    expect(result.output).toBe("Error: 'gift_card_0000000'");
    expect(paymentMethodOf(result.data, "ethan_lopez_6291", "gift_card_7219486").get("balance")).toBe(59.5);
    expect(recordOf(result.data, "orders", "#W6779827").get("status")).toBe("pending");
  });
});
