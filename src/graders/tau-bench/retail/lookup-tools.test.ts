import { expect, it } from "vitest";
import { dumpPythonJson } from "../../python-json.js";
import { PythonFloat, type PyValue } from "../python-data.js";
import { findUserIdByEmail } from "./find-user-id-by-email.js";
import { findUserIdByNameZip } from "./find-user-id-by-name-zip.js";
import { getOrderDetails } from "./get-order-details.js";
import { getProductDetails } from "./get-product-details.js";
import { getUserDetails } from "./get-user-details.js";
import { listAllProductTypes } from "./list-all-product-types.js";
import {
  callRetail,
  expectNoChange,
  realDataSuite,
  recordOf,
  retailData,
} from "./test-support/retail-test-kit.js";

realDataSuite("find_user_id_by_email", () => {
  it("finds the user ignoring case", () => {
    const data = retailData();
    expectNoChange(
      callRetail(findUserIdByEmail, { email: "Noah.Brown7922@EXAMPLE.com" }),
      data,
      "noah_brown_6181",
    );
  });
  it("answers upstream's errors", () => {
    const data = retailData();
    expectNoChange(
      callRetail(findUserIdByEmail, { email: "silva7872@example.com" }),
      data,
      "Error: user not found",
    );
    expectNoChange(
      callRetail(findUserIdByEmail, { email: 7 }),
      data,
      "Error: 'int' object has no attribute 'lower'",
    );
    expectNoChange(
      callRetail(findUserIdByEmail, { email: null }),
      data,
      "Error: 'NoneType' object has no attribute 'lower'",
    );
  });
});

realDataSuite("find_user_id_by_name_zip", () => {
  it("finds the user by names ignoring case and the exact zip", () => {
    const data = retailData();
    const args = { first_name: "NOAH", last_name: "brown", zip: "80279" };
    expectNoChange(callRetail(findUserIdByNameZip, args), data, "noah_brown_6181");
  });
  it("answers upstream's errors", () => {
    const data = retailData();
    const miss = { first_name: "Noah", last_name: "Ito", zip: "98178" };
    expectNoChange(callRetail(findUserIdByNameZip, miss), data, "Error: user not found");
    const numberZip = { first_name: "Noah", last_name: "Brown", zip: 80279 };
    expectNoChange(callRetail(findUserIdByNameZip, numberZip), data, "Error: user not found");
    // The last name is lowered only once a first name matched.
    const badLast = { first_name: "Noah", last_name: 1, zip: "80279" };
    expectNoChange(
      callRetail(findUserIdByNameZip, badLast),
      data,
      "Error: 'int' object has no attribute 'lower'",
    );
    const noMatchBadLast = { first_name: "Zzz", last_name: 1, zip: "80279" };
    expectNoChange(callRetail(findUserIdByNameZip, noMatchBadLast), data, "Error: user not found");
  });
});

realDataSuite("get_order_details / get_product_details / get_user_details", () => {
  it("returns the record as json.dumps does", () => {
    const data = retailData();
    const order = callRetail(getOrderDetails, { order_id: "#W4817420" });
    expectNoChange(order, data, dumpPythonJson(recordOf(data, "orders", "#W4817420"), null));
    expect(order.output).toContain(
      '"payment_history": [{"transaction_type": "payment", "amount": 1380.79, "payment_method_id": "gift_card_8168843"}]',
    );
    const product = callRetail(getProductDetails, { product_id: "3377618313" });
    expectNoChange(product, data, dumpPythonJson(recordOf(data, "products", "3377618313"), null));
    expect(
      product.output.startsWith('{"name": "Action Camera", "product_id": "3377618313", "variants": {'),
    ).toBe(true);
    const user = callRetail(getUserDetails, { user_id: "noah_brown_6181" });
    expectNoChange(user, data, dumpPythonJson(recordOf(data, "users", "noah_brown_6181"), null));
    expect(user.output).toContain('"email": "noah.brown7922@example.com"');
  });
  it("answers upstream's errors", () => {
    const data = retailData();
    expectNoChange(callRetail(getOrderDetails, { order_id: "#9502126" }), data, "Error: order not found");
    expectNoChange(
      callRetail(getOrderDetails, { order_id: ["#W4817420"] }),
      data,
      "Error: unhashable type: 'list'",
    );
    expectNoChange(
      callRetail(getProductDetails, { product_id: "6086499569" }),
      data,
      "Error: product not found",
    );
    expectNoChange(
      callRetail(getProductDetails, { product_id: new PythonFloat(3377618313) }),
      data,
      "Error: product not found",
    );
    expectNoChange(callRetail(getUserDetails, { user_id: "nobody" }), data, "Error: user not found");
    expectNoChange(
      callRetail(getUserDetails, {}),
      data,
      "Error: GetUserDetails.invoke() missing 1 required positional argument: 'user_id'",
    );
  });
});

realDataSuite("list_all_product_types", () => {
  it("maps every product name to its id, sorted by name", () => {
    const data = retailData();
    const result = callRetail(listAllProductTypes, {});
    expect(result.data).toBe(data);
    expect(
      result.output.startsWith(
        '{"Action Camera": "3377618313", "Air Purifier": "3821016478", "Backpack": "2524789262", "Bicycle": "9783735446", "Bluetooth Speaker": "4768869376", "Bookshelf": "8600330539", ',
      ),
    ).toBe(true);
    const parsed = JSON.parse(result.output) as Record<string, string>;
    expect(Object.keys(parsed)).toHaveLength(50);
    expectNoChange(
      callRetail(listAllProductTypes, { x: 1 } as Record<string, PyValue>),
      data,
      "Error: ListAllProductTypes.invoke() got an unexpected keyword argument 'x'",
    );
  });
});
