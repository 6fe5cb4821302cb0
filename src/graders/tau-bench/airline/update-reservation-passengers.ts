// update_reservation_passengers: the reservation's passengers replaced by as many new ones (no price change).
import { dumpPythonJson } from "../../python-json.js";
import { clonePyValue } from "../python-data.js";
import { pyGetItem, pyHasKey, pyLen } from "../python-ops.js";
import { type TauTool, tableOf, withRecord } from "../tau-tool.js";
import { argument } from "../tool-arguments.js";

export const updateReservationPassengersTool: TauTool = {
  name: "update_reservation_passengers",
  className: "UpdateReservationPassengers",
  parameters: [{ name: "reservation_id" }, { name: "passengers" }],
  invoke(data, args) {
    const reservations = tableOf(data, "reservations");
    const reservationId = argument(args, "reservation_id");
    if (!pyHasKey(reservations, reservationId)) return { output: "Error: reservation not found", data };
    const passengers = argument(args, "passengers");
    const current = pyGetItem(reservations.get(reservationId) ?? null, "passengers");
    if (pyLen(passengers) !== pyLen(current))
      return { output: "Error: number of passengers does not match", data };
    let output = "";
    const next = withRecord(data, "reservations", reservationId, (record) => {
      record.set("passengers", clonePyValue(passengers));
      output = dumpPythonJson(record, null);
    });
    return { output, data: next };
  },
};
