import { expect, it } from "vitest";
import { dumpPythonJson } from "../../python-json.js";
import { isSameData, type PyValue } from "../python-data.js";
import { modifyPendingOrderAddress } from "./modify-pending-order-address.js";
import { modifyUserAddress } from "./modify-user-address.js";
import {
  callRetail,
  changedRecord,
  expectNoChange,
  realDataSuite,
  recordOf,
  retailData,
} from "./test-support/retail-test-kit.js";

const ADDRESS = {
  address1: "1 Main St",
  address2: "Apt 2",
  city: "Austin",
  state: "TX",
  country: "USA",
  zip: "78701",
};
const addressDict = (): Map<string, PyValue> => new Map(Object.entries(ADDRESS));

realDataSuite("modify_pending_order_address", () => {
  it("replaces a pending order's address in place", () => {
    const data = retailData();
    const result = callRetail(modifyPendingOrderAddress, { order_id: "#W5918442", ...ADDRESS });
    const expected = changedRecord(recordOf(data, "orders", "#W5918442"), { address: addressDict() });
    expect(result.output).toBe(dumpPythonJson(expected, null));
    expect(isSameData(recordOf(result.data, "orders", "#W5918442"), expected)).toBe(true);
    expect([...recordOf(result.data, "orders", "#W5918442").keys()]).toEqual([
      ...recordOf(data, "orders", "#W5918442").keys(),
    ]);
  });

  it("answers upstream's errors", () => {
    const data = retailData();
    expectNoChange(
      callRetail(modifyPendingOrderAddress, { order_id: "#W0", ...ADDRESS }),
      data,
      "Error: order not found",
    );
    expectNoChange(
      callRetail(modifyPendingOrderAddress, { order_id: "#W4817420", ...ADDRESS }),
      data,
      "Error: non-pending order cannot be modified",
    );
    expectNoChange(
      callRetail(modifyPendingOrderAddress, { order_id: "#W5918442", address1: "x" }),
      data,
      "Error: ModifyPendingOrderAddress.invoke() missing 5 required positional arguments: 'address2', 'city', 'state', 'country', and 'zip'",
    );
  });
});

realDataSuite("modify_user_address", () => {
  it("replaces the user's address and leaves the orders alone", () => {
    const data = retailData();
    const result = callRetail(modifyUserAddress, { user_id: "noah_brown_6181", ...ADDRESS });
    const expected = changedRecord(recordOf(data, "users", "noah_brown_6181"), { address: addressDict() });
    expect(result.output).toBe(dumpPythonJson(expected, null));
    expect(isSameData(recordOf(result.data, "users", "noah_brown_6181"), expected)).toBe(true);
    expect(result.data.get("orders")).toBe(data.get("orders"));
  });

  it("answers upstream's errors", () => {
    const data = retailData();
    expectNoChange(
      callRetail(modifyUserAddress, { user_id: "nobody_1", ...ADDRESS }),
      data,
      "Error: user not found",
    );
    expectNoChange(
      callRetail(modifyUserAddress, { user_id: new Map<string, PyValue>([["a", 1]]), ...ADDRESS }),
      data,
      "Error: unhashable type: 'dict'",
    );
  });
});
