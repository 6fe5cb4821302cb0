// book_reservation: a new reservation for a user, priced from the flights table and paid with the user's payment
// methods. τ-bench gives it the first free id of HATHAT, HATHAU, HATHAV (a third booking in one task overwrites
// HATHAV) and the creation time 2024-05-15T15:00:00, and leaves the flights' seat counts as they are. Nothing
// changes until every check passes; then gift cards are debited and certificates removed, in the order paid.
import { dumpPythonJson } from "../../python-json.js";
import { clonePyValue, type PyDict, type PyValue, pyStr } from "../python-data.js";
import {
  pyArithmetic,
  pyEquals,
  pyGetDict,
  pyGetItem,
  pyHasKey,
  pyIterate,
  pyLen,
  pyLessThan,
  pySumValues,
  pyTypeName,
} from "../python-ops.js";
import { PythonException, setRecord, type TauData, type TauTool, tableOf, withRecord } from "../tau-tool.js";
import { argument } from "../tool-arguments.js";
import { priceSegment } from "./flight-segments.js";

/** τ-bench's fixed ids, assuming a task books at most three reservations. */
const RESERVATION_IDS = ["HATHAT", "HATHAU", "HATHAV"] as const;
/** τ-bench's "now" for a booking. */
const CREATED_AT = "2024-05-15T15:00:00";

function newReservationId(reservations: PyDict): string {
  return RESERVATION_IDS.find((id) => !reservations.has(id)) ?? "HATHAV";
}

/** The debits and removals of a paid booking on a copy of the user; a raise keeps the changes made so far. */
function payFromUser(data: TauData, userId: string, payments: PyValue): TauData {
  let next = data;
  try {
    for (const payment of pyIterate(payments)) {
      const paymentId = pyGetItem(payment, "payment_id");
      const amount = pyGetItem(payment, "amount");
      next = withRecord(next, "users", userId, (user) => {
        const methods = pyGetDict(user, "payment_methods");
        const method = pyGetItem(methods, paymentId);
        const source = pyGetItem(method, "source");
        if (pyEquals(source, "gift_card")) {
          pyGetDict(methods, paymentId).set(
            "amount",
            pyArithmetic("-", pyGetItem(method, "amount"), amount, true),
          );
        } else if (pyEquals(source, "certificate")) {
          methods.delete(pyStr(paymentId));
        }
      });
    }
  } catch (error) {
    // A certificate listed twice is gone by its second use: Python's KeyError leaves the first removal done.
    if (error instanceof PythonException) throw new PythonException(error.pythonType, error.message, next);
    throw error;
  }
  return next;
}

function bookReservation(
  data: TauData,
  args: ReadonlyMap<string, PyValue>,
): { output: string; data: TauData } {
  const fail = (output: string) => ({ output, data });
  const reservations = tableOf(data, "reservations");
  const users = tableOf(data, "users");
  const userId = argument(args, "user_id");
  if (!pyHasKey(users, userId)) return fail("Error: user not found");
  const user = users.get(userId) ?? null;
  const reservationId = newReservationId(reservations);
  const cabin = argument(args, "cabin");
  const passengers = clonePyValue(argument(args, "passengers"));
  const payments = clonePyValue(argument(args, "payment_methods"));
  const segments = clonePyValue(argument(args, "flights"));
  const reservation: PyDict = new Map<string, PyValue>([
    ["reservation_id", reservationId],
    ["user_id", userId],
    ["origin", argument(args, "origin")],
    ["destination", argument(args, "destination")],
    ["flight_type", argument(args, "flight_type")],
    ["cabin", cabin],
    ["flights", segments],
    ["passengers", passengers],
    ["payment_history", payments],
    ["created_at", CREATED_AT],
    ["total_baggages", argument(args, "total_baggages")],
    ["nonfree_baggages", argument(args, "nonfree_baggages")],
    ["insurance", argument(args, "insurance")],
  ]);

  const flights = tableOf(data, "flights");
  let total: PyValue = 0;
  for (const segment of pyIterate(segments)) {
    const error = priceSegment(flights, segment, cabin, () => pyLen(passengers));
    if (error !== undefined) return fail(error);
    total = pyArithmetic("+", total, pyArithmetic("*", pyGetItem(segment, "price"), pyLen(passengers)), true);
  }
  if (pyEquals(argument(args, "insurance"), "yes")) {
    total = pyArithmetic("+", total, pyArithmetic("*", 30, pyLen(passengers)), true);
  }
  total = pyArithmetic("+", total, pyArithmetic("*", 50, argument(args, "nonfree_baggages")), true);

  const methods = pyGetDict(user, "payment_methods");
  for (const payment of pyIterate(payments)) {
    const paymentId = pyGetItem(payment, "payment_id");
    const amount = pyGetItem(payment, "amount");
    if (!pyHasKey(methods, paymentId)) return fail(`Error: payment method ${pyStr(paymentId)} not found`);
    const method = methods.get(paymentId) ?? null;
    const source = pyGetItem(method, "source");
    if (pyEquals(source, "gift_card") || pyEquals(source, "certificate")) {
      if (pyLessThan(pyGetItem(method, "amount"), amount)) {
        return fail(`Error: not enough balance in payment method ${paymentId}`);
      }
    }
  }
  const paid = () => pySumValues(pyIterate(payments).map((payment) => pyGetItem(payment, "amount")));
  if (!pyEquals(paid(), total)) {
    return fail(
      `Error: payment amount does not add up, total price is ${pyStr(total)}, but paid ${pyStr(paid())}`,
    );
  }

  let next = payFromUser(data, userId, payments);
  next = setRecord(next, "reservations", reservationId, reservation);
  next = withRecord(next, "users", userId, (record) => {
    const list = pyGetItem(record, "reservations");
    if (!Array.isArray(list)) {
      throw new PythonException("AttributeError", `'${pyTypeName(list)}' object has no attribute 'append'`);
    }
    list.push(reservationId);
  });
  return { output: dumpPythonJson(reservation, null), data: next };
}

export const bookReservationTool: TauTool = {
  name: "book_reservation",
  className: "BookReservation",
  parameters: [
    { name: "user_id" },
    { name: "origin" },
    { name: "destination" },
    { name: "flight_type" },
    { name: "cabin" },
    { name: "flights" },
    { name: "passengers" },
    { name: "payment_methods" },
    { name: "total_baggages" },
    { name: "nonfree_baggages" },
    { name: "insurance" },
  ],
  invoke: bookReservation,
};
