// update_reservation_baggages: new bag counts; each non-free bag beyond the reservation's current ones costs 50
// (fewer bags refund nothing). The charge goes on a non-certificate payment method of the owner and, when not
// zero, into the payment history.
import { dumpPythonJson } from "../../python-json.js";
import { pyArithmetic, pyEquals, pyGetItem, pyHasKey, pyMax } from "../python-ops.js";
import { type TauTool, tableOf, withRecord } from "../tau-tool.js";
import { argument } from "../tool-arguments.js";
import { appendPayment, checkUpdatePayment, debitGiftCard } from "./update-payment.js";

export const updateReservationBaggagesTool: TauTool = {
  name: "update_reservation_baggages",
  className: "UpdateReservationBaggages",
  parameters: [
    { name: "reservation_id" },
    { name: "total_baggages" },
    { name: "nonfree_baggages" },
    { name: "payment_id" },
  ],
  invoke(data, args) {
    const reservations = tableOf(data, "reservations");
    const reservationId = argument(args, "reservation_id");
    if (!pyHasKey(reservations, reservationId)) return { output: "Error: reservation not found", data };
    const reservation = reservations.get(reservationId) ?? null;
    const nonfree = argument(args, "nonfree_baggages");
    const extraBags = pyArithmetic("-", nonfree, pyGetItem(reservation, "nonfree_baggages"));
    const total = pyArithmetic("*", 50, pyMax(0, extraBags));
    const payment = checkUpdatePayment(data, reservation, argument(args, "payment_id"), total);
    if ("error" in payment) return { output: payment.error, data };

    let output = "";
    let next = withRecord(data, "reservations", reservationId, (record) => {
      record.set("total_baggages", argument(args, "total_baggages"));
      record.set("nonfree_baggages", nonfree);
      if (!pyEquals(total, 0)) appendPayment(record, payment.paymentId, total);
      output = dumpPythonJson(record, null);
    });
    if (payment.isGiftCard) next = debitGiftCard(next, payment.userId, payment.paymentId, total);
    return { output, data: next };
  },
};
