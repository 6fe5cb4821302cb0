// get_reservation_details: the reservation as JSON. τ-bench's text for an unknown id says "user not found".
import { dumpPythonJson } from "../../python-json.js";
import { pyHasKey } from "../python-ops.js";
import { type TauTool, tableOf } from "../tau-tool.js";
import { argument } from "../tool-arguments.js";

export const getReservationDetailsTool: TauTool = {
  name: "get_reservation_details",
  className: "GetReservationDetails",
  parameters: [{ name: "reservation_id" }],
  invoke(data, args) {
    const reservations = tableOf(data, "reservations");
    const reservationId = argument(args, "reservation_id");
    if (pyHasKey(reservations, reservationId)) {
      return { output: dumpPythonJson(reservations.get(reservationId), null), data };
    }
    return { output: "Error: user not found", data };
  },
};
