// τ-bench's airline tools (sierra-research/tau-bench 59a200c, tau_bench/envs/airline/tools), in its ALL_TOOLS
// order: the order of the tool schemas the agent is given.

import { calculate } from "../calculate.js";
import type { TauTool } from "../tau-tool.js";
import { think } from "../think.js";
import { transferToHumanAgents } from "../transfer-to-human-agents.js";
import { bookReservationTool } from "./book-reservation.js";
import { cancelReservationTool } from "./cancel-reservation.js";
import { getReservationDetailsTool } from "./get-reservation-details.js";
import { getUserDetailsTool } from "./get-user-details.js";
import { listAllAirportsTool } from "./list-all-airports.js";
import { searchDirectFlightTool } from "./search-direct-flight.js";
import { searchOnestopFlightTool } from "./search-onestop-flight.js";
import { sendCertificateTool } from "./send-certificate.js";
import { updateReservationBaggagesTool } from "./update-reservation-baggages.js";
import { updateReservationFlightsTool } from "./update-reservation-flights.js";
import { updateReservationPassengersTool } from "./update-reservation-passengers.js";

export const AIRLINE_TOOLS: readonly TauTool[] = [
  bookReservationTool,
  calculate,
  cancelReservationTool,
  getReservationDetailsTool,
  getUserDetailsTool,
  listAllAirportsTool,
  searchDirectFlightTool,
  searchOnestopFlightTool,
  sendCertificateTool,
  think,
  transferToHumanAgents,
  updateReservationBaggagesTool,
  updateReservationFlightsTool,
  updateReservationPassengersTool,
];
