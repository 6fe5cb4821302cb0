// cancel_reservation: every payment of the reservation is refunded (a negated copy appended to its payment
// history) and its status becomes "cancelled". τ-bench checks nothing else (not even an earlier cancellation) and
// credits no balance.
import { dumpPythonJson } from "../../python-json.js";
import type { PyValue } from "../python-data.js";
import { pyGetItem, pyHasKey, pyIterate, pyNegate, pyTypeName } from "../python-ops.js";
import { PythonException, type TauTool, tableOf, withRecord } from "../tau-tool.js";
import { argument } from "../tool-arguments.js";

export const cancelReservationTool: TauTool = {
  name: "cancel_reservation",
  className: "CancelReservation",
  parameters: [{ name: "reservation_id" }],
  invoke(data, args) {
    const reservationId = argument(args, "reservation_id");
    if (!pyHasKey(tableOf(data, "reservations"), reservationId)) {
      return { output: "Error: reservation not found", data };
    }
    let output = "";
    const next = withRecord(data, "reservations", reservationId, (reservation) => {
      const history = pyGetItem(reservation, "payment_history");
      const refunds: PyValue[] = pyIterate(history).map(
        (payment) =>
          new Map<string, PyValue>([
            ["payment_id", pyGetItem(payment, "payment_id")],
            ["amount", pyNegate(pyGetItem(payment, "amount"))],
          ]),
      );
      if (!Array.isArray(history)) {
        throw new PythonException(
          "AttributeError",
          `'${pyTypeName(history)}' object has no attribute 'extend'`,
        );
      }
      history.push(...refunds);
      reservation.set("status", "cancelled");
      output = dumpPythonJson(reservation, null);
    });
    return { output, data: next };
  },
};
