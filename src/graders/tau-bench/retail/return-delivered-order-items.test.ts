import { expect, it } from "vitest";
import { dumpPythonJson } from "../../python-json.js";
import { isSameData, type PyValue } from "../python-data.js";
import { returnDeliveredOrderItems } from "./return-delivered-order-items.js";
import {
  callRetail,
  changedRecord,
  expectNoChange,
  realDataSuite,
  recordOf,
  retailData,
} from "./test-support/retail-test-kit.js";

const ORDER = "#W4817420"; // delivered, ava_moore_2033, paid with gift_card_8168843

realDataSuite("return_delivered_order_items", () => {
  it("marks the return with the sorted item ids and the refund method", () => {
    const data = retailData();
    const result = callRetail(returnDeliveredOrderItems, {
      order_id: ORDER,
      item_ids: ["9624127908", "6777246137"],
      payment_method_id: "gift_card_8168843",
    });
    const expected = changedRecord(recordOf(data, "orders", ORDER), {
      status: "return requested",
      return_items: ["6777246137", "9624127908"],
      return_payment_method_id: "gift_card_8168843",
    });
    expect(result.output).toBe(dumpPythonJson(expected, null));
    expect(
      result.output.endsWith(
        '"return_items": ["6777246137", "9624127908"], "return_payment_method_id": "gift_card_8168843"}',
      ),
    ).toBe(true);
    expect(isSameData(recordOf(result.data, "orders", ORDER), expected)).toBe(true);
  });

  it("answers each failed check with upstream's message", () => {
    const data = retailData();
    const base = { order_id: ORDER, item_ids: ["6777246137"], payment_method_id: "gift_card_8168843" };
    const cases: [Record<string, PyValue>, string][] = [
      [{ ...base, order_id: "#W0" }, "Error: order not found"],
      [{ ...base, order_id: "#W5918442" }, "Error: non-delivered order cannot be returned"],
      [{ ...base, payment_method_id: "credit_card_0" }, "Error: payment method not found"],
      [{ ...base, item_ids: ["6777246137", "6777246137"] }, "Error: some item not found"],
      [{ ...base, item_ids: [42] }, "Error: some item not found"],
      [{ ...base, item_ids: 42 }, "Error: 'int' object is not iterable"],
    ];
    for (const [args, message] of cases)
      expectNoChange(callRetail(returnDeliveredOrderItems, args), data, message);
    // #W5490111 was paid otherwise than with paypal_9497703 (a τ-bench task's own failing call).
    expectNoChange(
      callRetail(returnDeliveredOrderItems, {
        order_id: "#W5490111",
        item_ids: ["4579334072"],
        payment_method_id: "paypal_9497703",
      }),
      data,
      "Error: payment method should be either the original payment method or a gift card",
    );
  });
});
