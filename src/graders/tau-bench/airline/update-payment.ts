// How update_reservation_baggages and update_reservation_flights take an extra payment: the payment method must be
// one of the reservation owner's, not a certificate, and a gift card must hold at least the amount; a gift card is
// then debited (a negative amount, a refund, credits it).
import { type PyDict, type PyValue, pyStr } from "../python-data.js";
import { pyArithmetic, pyEquals, pyGetDict, pyGetItem, pyHasKey, pyLessThan } from "../python-ops.js";
import { type TauData, tableOf, withRecord } from "../tau-tool.js";

export type UpdatePayment =
  | { readonly error: string }
  | { readonly userId: string; readonly paymentId: string; readonly isGiftCard: boolean };

/** The checks, in τ-bench's order. */
export function checkUpdatePayment(
  data: TauData,
  reservation: PyValue,
  paymentId: PyValue,
  total: PyValue,
): UpdatePayment {
  const userId = pyGetItem(reservation, "user_id");
  const methods = pyGetDict(pyGetItem(tableOf(data, "users"), userId), "payment_methods");
  if (!pyHasKey(methods, paymentId)) return { error: "Error: payment method not found" };
  const method = methods.get(paymentId) ?? null;
  const source = pyGetItem(method, "source");
  if (pyEquals(source, "certificate"))
    return { error: "Error: certificate cannot be used to update reservation" };
  const isGiftCard = pyEquals(source, "gift_card");
  if (isGiftCard && pyLessThan(pyGetItem(method, "amount"), total)) {
    return { error: "Error: gift card balance is not enough" };
  }
  return { userId: pyStr(userId), paymentId, isGiftCard };
}

/** The data with the gift card's balance reduced by `amount` (`amount -= total`). */
export function debitGiftCard(data: TauData, userId: string, paymentId: string, amount: PyValue): TauData {
  return withRecord(data, "users", userId, (user) => {
    const method = pyGetDict(pyGetDict(user, "payment_methods"), paymentId);
    method.set("amount", pyArithmetic("-", pyGetItem(method, "amount"), amount, true));
  });
}

/** `reservation["payment_history"].append({"payment_id": …, "amount": …})`. */
export function appendPayment(reservation: PyDict, paymentId: string, amount: PyValue): void {
  const history = pyGetItem(reservation, "payment_history");
  if (Array.isArray(history)) {
    history.push(
      new Map<string, PyValue>([
        ["payment_id", paymentId],
        ["amount", amount],
      ]),
    );
  }
}
