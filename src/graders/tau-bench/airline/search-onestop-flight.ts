// search_onestop_flight: pairs of flights origin → X → destination where the first lands no later (by scheduled
// time of day) than the second leaves, both "available". τ-bench's quirks are kept: a first leg arriving "+1"
// puts the second on `2024-05-{day + 1}` (no zero padding, always May), and the second leg's status, seats and
// prices are those of the *first* leg's date (a KeyError when that flight has no such date).
import { dumpPythonJson } from "../../python-json.js";
import { pythonStringRepr } from "../../python-repr.js";
import type { PyValue } from "../python-data.js";
import { pyEquals, pyGetDict, pyGetItem, pyGreaterThan, pyHasKey, pyTypeName } from "../python-ops.js";
import { PythonException, type TauTool, tableOf } from "../tau-tool.js";
import { argument } from "../tool-arguments.js";
import { flightOnDate } from "./flight-segments.js";

/** Python's `int(text)` in base 10: surrounding whitespace, a sign, digits with single underscores between. */
function pythonInt(value: PyValue): bigint {
  if (typeof value !== "string") {
    throw new PythonException(
      "TypeError",
      `int() argument must be a string, a bytes-like object or a real number, not '${pyTypeName(value)}'`,
    );
  }
  const text = value.trim();
  if (!/^[+-]?[0-9]+(_[0-9]+)*$/.test(text)) {
    throw new PythonException(
      "ValueError",
      `invalid literal for int() with base 10: ${pythonStringRepr(value)}`,
    );
  }
  return BigInt(text.replaceAll("_", ""));
}

/** Python's `date[-2:]`. */
function lastTwo(date: PyValue): PyValue {
  if (typeof date === "string") return [...date].slice(-2).join("");
  if (Array.isArray(date)) return date.slice(-2);
  if (date instanceof Map) throw new PythonException("TypeError", "unhashable type: 'slice'");
  throw new PythonException("TypeError", `'${pyTypeName(date)}' object is not subscriptable`);
}

/** The second leg's date: τ-bench's f"2024-05-{int(date[-2:])+1}" after an overnight first leg. */
function secondLegDate(firstLeg: PyValue, date: PyValue): PyValue {
  const arrival = pyGetItem(firstLeg, "scheduled_arrival_time_est");
  const overnight = typeof arrival === "string" && arrival.includes("+1");
  return overnight ? `2024-05-${pythonInt(lastTwo(date)) + 1n}` : date;
}

export const searchOnestopFlightTool: TauTool = {
  name: "search_onestop_flight",
  className: "SearchOnestopFlight",
  parameters: [{ name: "origin" }, { name: "destination" }, { name: "date" }],
  invoke(data, args) {
    const origin = argument(args, "origin");
    const destination = argument(args, "destination");
    const date = argument(args, "date");
    const flights = [...tableOf(data, "flights").values()];
    const results: PyValue[] = [];
    for (const first of flights) {
      if (!pyEquals(pyGetItem(first, "origin"), origin)) continue;
      for (const second of flights) {
        if (!pyEquals(pyGetItem(second, "destination"), destination)) continue;
        if (!pyEquals(pyGetItem(first, "destination"), pyGetItem(second, "origin"))) continue;
        const date2 = secondLegDate(first, date);
        const arrival = pyGetItem(first, "scheduled_arrival_time_est");
        if (pyGreaterThan(arrival, pyGetItem(second, "scheduled_departure_time_est"))) continue;
        const firstDates = pyGetDict(first, "dates");
        const secondDates = pyGetDict(second, "dates");
        if (!pyHasKey(firstDates, date) || !pyHasKey(secondDates, date2)) continue;
        const firstOnDate = firstDates.get(date) ?? null;
        if (!pyEquals(pyGetItem(firstOnDate, "status"), "available")) continue;
        if (!pyEquals(pyGetItem(secondDates.get(date2) ?? null, "status"), "available")) continue;
        const leg1 = flightOnDate(first, firstOnDate);
        leg1.set("date", date);
        const leg2 = flightOnDate(second, pyGetItem(secondDates, date));
        leg2.set("date", date2);
        results.push([leg1, leg2]);
      }
    }
    return { output: dumpPythonJson(results, null), data };
  },
};
