// The item checks the return, exchange and item-modification tools share: which listed items the order really holds
// (duplicates counted), and the price difference of swapping items for other variants of the same products.
import { type PyDict, type PyNumber, type PyValue, pyAdd, pyStr, pySub } from "../python-data.js";
import {
  pyCountOwnItem,
  pyGetDict,
  pyGetItem,
  pyGetList,
  pyGetNumber,
  pyHasKey,
  pyIterate,
  pyLen,
  pyTruthy,
} from "../python-ops.js";

/** `[item["item_id"] for item in order["items"]]`. */
export function orderItemIds(order: PyDict): PyValue[] {
  return pyGetList(order, "items").map((item) => pyGetItem(item, "item_id"));
}

/**
 * The first of `itemIds` (iterated as Python iterates it) listed more times than the order holds it, or undefined
 * when the order holds them all.
 */
export function firstItemNotInOrder(
  itemIds: PyValue,
  order: PyDict,
): { readonly itemId: PyValue } | undefined {
  const inOrder = orderItemIds(order);
  for (const itemId of pyIterate(itemIds)) {
    // A non-string id counts at least once in its own list and never among the order's string ids.
    if (typeof itemId !== "string") return { itemId };
    const wanted = pyCountOwnItem(itemIds, itemId);
    if (wanted > inOrder.filter((id) => id === itemId).length) return { itemId };
  }
  return undefined;
}

/** The first item of the order with this id (`[item for item in order["items"] if …][0]`). */
export function firstOrderItem(order: PyDict, itemId: string): PyDict {
  for (const item of pyGetList(order, "items")) {
    if (pyGetItem(item, "item_id") === itemId) return item as PyDict;
  }
  throw new Error(`item ${itemId} was checked to be in the order`);
}

/** `products[product_id]["variants"]`. */
export function variantsOf(products: PyDict, productId: PyValue): PyDict {
  if (typeof productId !== "string") throw new Error("product ids are strings in the data");
  return pyGetDict(pyGetDict(products, productId), "variants");
}

export type ItemSwap =
  | { readonly error: string }
  | { readonly priceDifference: PyNumber; readonly pairs: readonly (readonly [string, string])[] };

/**
 * Checks that each held item can become the new item at the same position (same count, an available variant of the
 * same product) and sums new price − old price from the int 0, in the upstream order of checks. `itemIds` has passed
 * `firstItemNotInOrder`.
 */
export function swapItems(products: PyDict, order: PyDict, itemIds: PyValue, newItemIds: PyValue): ItemSwap {
  if (pyLen(itemIds) !== pyLen(newItemIds)) {
    return { error: "Error: the number of items to be exchanged should match" };
  }
  const olds = pyIterate(itemIds);
  const news = pyIterate(newItemIds);
  const pairs: (readonly [string, string])[] = [];
  let priceDifference: PyNumber = 0;
  for (const [index, itemId] of olds.entries()) {
    const newItemId = news[index] ?? null;
    const item = firstOrderItem(order, String(itemId));
    const variants = variantsOf(products, pyGetItem(item, "product_id"));
    if (
      !(pyHasKey(variants, newItemId) && pyTruthy(pyGetItem(pyGetDict(variants, newItemId), "available")))
    ) {
      return { error: `Error: new item ${pyStr(newItemId)} not found or available` };
    }
    const oldPrice = pyGetNumber(item, "price");
    const newPrice = pyGetNumber(pyGetDict(variants, newItemId), "price");
    priceDifference = pyAdd(priceDifference, pySub(newPrice, oldPrice));
    pairs.push([String(itemId), newItemId]);
  }
  return { priceDifference, pairs };
}
