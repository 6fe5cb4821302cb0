// update_reservation_flights: the reservation's whole new itinerary in a cabin. A segment already in the
// reservation (same flight and date, and the cabin unchanged) keeps its old price; any other is checked and priced
// like a booking. The difference from the old total (times the passengers) is charged or refunded on a
// non-certificate payment method. τ-bench does not change the reservation's `cabin` field, and leaves the flights'
// seat counts alone.
import { dumpPythonJson } from "../../python-json.js";
import { clonePyValue, type PyValue } from "../python-data.js";
import {
  pyArithmetic,
  pyEquals,
  pyGetItem,
  pyHasKey,
  pyIterate,
  pyLen,
  pySetItem,
  pySumValues,
} from "../python-ops.js";
import { type TauTool, tableOf, withRecord } from "../tau-tool.js";
import { argument } from "../tool-arguments.js";
import { priceSegment } from "./flight-segments.js";
import { appendPayment, checkUpdatePayment, debitGiftCard } from "./update-payment.js";

/** The reservation's segments matching `segment` (Python's comprehension, short-circuits included). */
function keptSegments(reservation: PyValue, segment: PyValue, cabin: PyValue): PyValue[] {
  return pyIterate(pyGetItem(reservation, "flights")).filter(
    (old) =>
      pyEquals(pyGetItem(old, "flight_number"), pyGetItem(segment, "flight_number")) &&
      pyEquals(pyGetItem(old, "date"), pyGetItem(segment, "date")) &&
      pyEquals(cabin, pyGetItem(reservation, "cabin")),
  );
}

export const updateReservationFlightsTool: TauTool = {
  name: "update_reservation_flights",
  className: "UpdateReservationFlights",
  parameters: [{ name: "reservation_id" }, { name: "cabin" }, { name: "flights" }, { name: "payment_id" }],
  invoke(data, args) {
    const reservations = tableOf(data, "reservations");
    const reservationId = argument(args, "reservation_id");
    if (!pyHasKey(reservations, reservationId)) return { output: "Error: reservation not found", data };
    const reservation = reservations.get(reservationId) ?? null;
    const cabin = argument(args, "cabin");
    const passengerCount = () => pyLen(pyGetItem(reservation, "passengers"));
    const flights = tableOf(data, "flights");

    let total: PyValue = 0;
    const segments = clonePyValue(argument(args, "flights"));
    for (const segment of pyIterate(segments)) {
      const [kept] = keptSegments(reservation, segment, cabin);
      if (kept !== undefined) {
        const price = pyGetItem(kept, "price");
        total = pyArithmetic("+", total, pyArithmetic("*", price, passengerCount()), true);
        pySetItem(segment, "price", price);
        pySetItem(segment, "origin", pyGetItem(kept, "origin"));
        pySetItem(segment, "destination", pyGetItem(kept, "destination"));
        continue;
      }
      const error = priceSegment(flights, segment, cabin, passengerCount);
      if (error !== undefined) return { output: error, data };
      total = pyArithmetic(
        "+",
        total,
        pyArithmetic("*", pyGetItem(segment, "price"), passengerCount()),
        true,
      );
    }
    const oldPrices = pyIterate(pyGetItem(reservation, "flights")).map((old) => pyGetItem(old, "price"));
    total = pyArithmetic("-", total, pyArithmetic("*", pySumValues(oldPrices), passengerCount()), true);

    const payment = checkUpdatePayment(data, reservation, argument(args, "payment_id"), total);
    if ("error" in payment) return { output: payment.error, data };
    let next = payment.isGiftCard ? debitGiftCard(data, payment.userId, payment.paymentId, total) : data;
    let output = "";
    next = withRecord(next, "reservations", reservationId, (record) => {
      record.set("flights", segments);
      if (!pyEquals(total, 0)) appendPayment(record, payment.paymentId, total);
      output = dumpPythonJson(record, null);
    });
    return { output, data: next };
  },
};
