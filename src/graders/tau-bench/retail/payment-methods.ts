// A user's payment methods as the retail tools use them: looked up through the order's user, and gift card balances
// moved by an amount and rounded to cents as τ-bench rounds them after each change.
import { type PyDict, type PyNumber, pyAdd, pyNumberValue, pyRound, pySub } from "../python-data.js";
import { pyGetDict, pyGetItem, pyGetNumber } from "../python-ops.js";
import type { RetailDraft } from "./retail-draft.js";

/** `data["users"][user_id]["payment_methods"]`, to read. */
export function paymentMethodsOf(draft: RetailDraft, userId: string): PyDict {
  return pyGetDict(draft.read("users", userId), "payment_methods");
}

/** Whether the payment method's `source` is a gift card (the only kind with a balance). */
export function isGiftCard(paymentMethod: PyDict): boolean {
  return pyGetItem(paymentMethod, "source") === "gift_card";
}

/** `balance < amount` for a gift card. */
export function giftCardCannotCover(paymentMethod: PyDict, amount: PyNumber): boolean {
  return pyNumberValue(pyGetNumber(paymentMethod, "balance")) < pyNumberValue(amount);
}

/**
 * `payment_method["balance"] += amount` (or `-=` when `direction` is "debit"), then rounded to 2 places, on the
 * user's record in the draft (a KeyError when the method is not the user's).
 */
export function moveGiftCardBalance(
  draft: RetailDraft,
  userId: string,
  paymentMethodId: string,
  amount: PyNumber,
  direction: "credit" | "debit",
): void {
  const paymentMethod = pyGetDict(pyGetDict(draft.edit("users", userId), "payment_methods"), paymentMethodId);
  const balance = pyGetNumber(paymentMethod, "balance");
  const changed = direction === "credit" ? pyAdd(balance, amount) : pySub(balance, amount);
  paymentMethod.set("balance", pyRound(changed, 2));
}
