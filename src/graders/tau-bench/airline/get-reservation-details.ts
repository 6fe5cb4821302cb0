// get_reservation_details: the reservation as JSON. τ-bench's text for an unknown id says "user not found".
import { recordLookupTool } from "../record-lookup.js";
import type { TauTool } from "../tau-tool.js";

export const getReservationDetailsTool: TauTool = recordLookupTool({
  name: "get_reservation_details",
  className: "GetReservationDetails",
  table: "reservations",
  parameter: "reservation_id",
  notFound: "Error: user not found",
});
