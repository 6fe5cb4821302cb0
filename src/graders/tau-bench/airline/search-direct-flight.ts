// search_direct_flight: the flights from origin to destination whose status on the date is "available", each with
// that date's status, seats and prices, in the flights table's order.
import { dumpPythonJson } from "../../python-json.js";
import type { PyValue } from "../python-data.js";
import { pyEquals, pyGetDict, pyGetItem, pyHasKey } from "../python-ops.js";
import { type TauTool, tableOf } from "../tau-tool.js";
import { argument } from "../tool-arguments.js";
import { flightOnDate } from "./flight-segments.js";

export const searchDirectFlightTool: TauTool = {
  name: "search_direct_flight",
  className: "SearchDirectFlight",
  parameters: [{ name: "origin" }, { name: "destination" }, { name: "date" }],
  invoke(data, args) {
    const origin = argument(args, "origin");
    const destination = argument(args, "destination");
    const date = argument(args, "date");
    const results: PyValue[] = [];
    for (const flight of tableOf(data, "flights").values()) {
      if (!pyEquals(pyGetItem(flight, "origin"), origin)) continue;
      if (!pyEquals(pyGetItem(flight, "destination"), destination)) continue;
      const dates = pyGetDict(flight, "dates");
      if (!pyHasKey(dates, date)) continue;
      const onDate = dates.get(date) ?? null;
      if (pyEquals(pyGetItem(onDate, "status"), "available")) results.push(flightOnDate(flight, onDate));
    }
    return { output: dumpPythonJson(results, null), data };
  },
};
