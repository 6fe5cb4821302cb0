// A flight segment an agent asks for (`{"flight_number", "date"}`), checked against the flights table and priced
// the way book_reservation and update_reservation_flights both do it: the same checks in the same order, the same
// error texts, then the segment gets the cabin's price and the flight's origin and destination.
import { type PyDict, type PyValue, pyStr } from "../python-data.js";
import { pyEquals, pyGetDict, pyGetItem, pyHasKey, pyLessThan, pySetItem } from "../python-ops.js";

/**
 * Checks `segment` (the caller's own copy) and sets its `price`, `origin` and `destination`; or returns the error
 * text the tool returns. `passengerCount` is evaluated where Python evaluates `len(passengers)`.
 */
export function priceSegment(
  flights: PyDict,
  segment: PyValue,
  cabin: PyValue,
  passengerCount: () => number,
): string | undefined {
  const flightNumber = pyGetItem(segment, "flight_number");
  if (!pyHasKey(flights, flightNumber)) return `Error: flight ${pyStr(flightNumber)} not found`;
  const flight = flights.get(flightNumber) ?? null;
  const date = pyGetItem(segment, "date");
  const dates = pyGetDict(flight, "dates");
  if (!pyHasKey(dates, date)) return `Error: flight ${flightNumber} not found on date ${pyStr(date)}`;
  const onDate = dates.get(date) ?? null;
  if (!pyEquals(pyGetItem(onDate, "status"), "available")) {
    return `Error: flight ${flightNumber} not available on date ${date}`;
  }
  if (pyLessThan(pyGetItem(pyGetItem(onDate, "available_seats"), cabin), passengerCount())) {
    return `Error: not enough seats on flight ${flightNumber}`;
  }
  pySetItem(segment, "price", pyGetItem(pyGetItem(onDate, "prices"), cabin));
  pySetItem(segment, "origin", pyGetItem(flight, "origin"));
  pySetItem(segment, "destination", pyGetItem(flight, "destination"));
  return undefined;
}

/** A flight's fields but `dates`, then those of one date (what both flight searches list). */
export function flightOnDate(flight: PyValue, onDate: PyValue): PyDict {
  const result: PyDict = new Map();
  if (flight instanceof Map) {
    for (const [key, value] of flight) if (key !== "dates") result.set(key, value);
  }
  if (onDate instanceof Map) for (const [key, value] of onDate) result.set(key, value);
  return result;
}
