import { expect, it } from "vitest";
import { dumpPythonJson } from "../../python-json.js";
import { isSameData, type PyValue } from "../python-data.js";
import { exchangeDeliveredOrderItems } from "./exchange-delivered-order-items.js";
import {
  callRetail,
  changedRecord,
  expectNoChange,
  realDataSuite,
  recordOf,
  retailData,
} from "./test-support/retail-test-kit.js";

const ORDER = "#W4817420"; // delivered, ava_moore_2033, paid with gift_card_8168843 (balance 69)

realDataSuite("exchange_delivered_order_items", () => {
  it("marks the exchange with sorted ids and the rounded price difference", () => {
    const data = retailData();
    const args = {
      order_id: ORDER,
      item_ids: ["6777246137", "4900661478"],
      new_item_ids: ["4579334072", "8479046075"],
      payment_method_id: "gift_card_8168843",
    };
    const result = callRetail(exchangeDeliveredOrderItems, args);
    // (54.85 - 47.76) + (451.01 - 463.04), rounded: upstream prints -4.94.
    const expected = changedRecord(recordOf(data, "orders", ORDER), {
      status: "exchange requested",
      exchange_items: ["4900661478", "6777246137"],
      exchange_new_items: ["4579334072", "8479046075"],
      exchange_payment_method_id: "gift_card_8168843",
      exchange_price_difference: -4.94,
    });
    expect(result.output).toBe(dumpPythonJson(expected, null));
    expect(result.output.endsWith('"exchange_price_difference": -4.94}')).toBe(true);
    expect(isSameData(recordOf(result.data, "orders", ORDER), expected)).toBe(true);
    expect(result.data.get("users")).toBe(data.get("users"));
  });

  it("answers each failed check with upstream's message", () => {
    const data = retailData();
    const base = {
      order_id: ORDER,
      item_ids: ["6777246137"],
      new_item_ids: ["4579334072"],
      payment_method_id: "gift_card_8168843",
    };
    const cases: [Record<string, PyValue>, string][] = [
      [{ ...base, order_id: "#W0" }, "Error: order not found"],
      [{ ...base, order_id: "#W5918442" }, "Error: non-delivered order cannot be exchanged"],
      [{ ...base, item_ids: ["6777246137", "6777246137"] }, "Error: 6777246137 not found"],
      [{ ...base, item_ids: [6777246137] }, "Error: 6777246137 not found"],
      [{ ...base, new_item_ids: [] }, "Error: the number of items to be exchanged should match"],
      [{ ...base, new_item_ids: ["1434748144"] }, "Error: new item 1434748144 not found or available"],
      [{ ...base, new_item_ids: ["9999999999"] }, "Error: new item 9999999999 not found or available"],
      [{ ...base, payment_method_id: "paypal_0000000" }, "Error: payment method not found"],
      [
        { ...base, item_ids: ["4900661478"], new_item_ids: ["7373893106"] },
        "Error: new item 7373893106 not found or available",
      ],
      [
        { ...base, item_ids: ["4900661478"], new_item_ids: ["1768466237"] },
        "Error: insufficient gift card balance to pay for the price difference",
      ],
      [{ ...base, new_item_ids: 5 }, "Error: object of type 'int' has no len()"],
      [{ ...base, new_item_ids: [["4579334072"]] }, "Error: unhashable type: 'list'"],
      [{ ...base, item_ids: 7 }, "Error: 'int' object is not iterable"],
      [{ ...base, item_ids: "67" }, "Error: 6 not found"],
    ];
    for (const [args, message] of cases)
      expectNoChange(callRetail(exchangeDeliveredOrderItems, args), data, message);
  });
});
