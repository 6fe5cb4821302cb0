import { expect, it } from "vitest";
import { dumpPythonJson } from "../../python-json.js";
import { isSameData, type PyDict, type PyValue } from "../python-data.js";
import { modifyPendingOrderItems } from "./modify-pending-order-items.js";
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

const ORDER = "#W6779827"; // pending, ethan_lopez_6291: gift_card_7219486 (balance 49), credit_card_9789590

realDataSuite("modify_pending_order_items", () => {
  it("charges the unrounded difference to a card and swaps the item", () => {
    const data = retailData();
    const before = recordOf(data, "orders", ORDER);
    const result = callRetail(modifyPendingOrderItems, {
      order_id: ORDER,
      item_ids: ["7896397433"],
      new_item_ids: ["2444431651"],
      payment_method_id: "credit_card_9789590",
    });
    const product = recordOf(data, "products", "7233192239");
    const variant = (product.get("variants") as PyDict).get("2444431651") as PyDict;
    const items = (before.get("items") as PyDict[]).map((item, index) =>
      index === 0
        ? changedRecord(item, {
            item_id: "2444431651",
            price: 534.84,
            options: variant.get("options") ?? null,
          })
        : item,
    );
    const expected = changedRecord(before, {
      items,
      payment_history: [
        ...(before.get("payment_history") as PyValue[]),
        transaction("payment", 77.03000000000003, "credit_card_9789590"),
      ],
      status: "pending (item modified)",
    });
    expect(result.output).toBe(dumpPythonJson(expected, null));
    expect(isSameData(recordOf(result.data, "orders", ORDER), expected)).toBe(true);
    expect(result.data.get("users")).toBe(data.get("users"));
  });

  it("refunds a cheaper variant onto the gift card at once", () => {
    const result = callRetail(modifyPendingOrderItems, {
      order_id: ORDER,
      item_ids: ["3379843752"],
      new_item_ids: ["3709608322"],
      payment_method_id: "gift_card_7219486",
    });
    const order = recordOf(result.data, "orders", ORDER);
    expect(dumpPythonJson((order.get("payment_history") as PyValue[])[1] ?? null, null)).toBe(
      '{"transaction_type": "refund", "amount": 459.0600000000004, "payment_method_id": "gift_card_7219486"}',
    );
    expect(paymentMethodOf(result.data, "ethan_lopez_6291", "gift_card_7219486").get("balance")).toBe(508.06);
    expect(dumpPythonJson((order.get("items") as PyValue[])[1] ?? null, null)).toBe(
      '{"name": "Espresso Machine", "product_id": "4354588079", "item_id": "3709608322", "price": 2744.7, "options": {"pressure": "9 bar", "capacity": "2L", "type": "automatic"}}',
    );
  });

  it("answers each failed check with upstream's message", () => {
    const data = retailData();
    const base = {
      order_id: ORDER,
      item_ids: ["7896397433"],
      new_item_ids: ["2444431651"],
      payment_method_id: "credit_card_9789590",
    };
    const cases: [Record<string, PyValue>, string][] = [
      [{ ...base, order_id: "#W0" }, "Error: order not found"],
      [{ ...base, order_id: "#W4817420" }, "Error: non-pending order cannot be modified"],
      [{ ...base, item_ids: ["1111111111"] }, "Error: 1111111111 not found"],
      [
        { ...base, new_item_ids: ["2444431651", "8068777068"] },
        "Error: the number of items to be exchanged should match",
      ],
      [{ ...base, new_item_ids: ["8140269513"] }, "Error: new item 8140269513 not found or available"],
      [{ ...base, payment_method_id: "gift_card_0" }, "Error: payment method not found"],
      [
        { ...base, payment_method_id: "gift_card_7219486" },
        "Error: insufficient gift card balance to pay for the new item",
      ],
      [
        { ...base, item_ids: new Map<string, PyValue>([["a", 1]]) },
        "Error: 'dict' object has no attribute 'count'",
      ],
    ];
    for (const [args, message] of cases)
      expectNoChange(callRetail(modifyPendingOrderItems, args), data, message);
  });
});
