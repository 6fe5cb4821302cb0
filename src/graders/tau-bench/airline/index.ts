// τ-bench's airline tools (sierra-research/tau-bench 59a200c, tau_bench/envs/airline/tools), in its ALL_TOOLS
// order: the order of the tool schemas the agent is given.
import type { TauTool } from "../tau-tool.js";
import { bookReservationTool } from "./book-reservation.js";
import { calculateTool } from "./calculate.js";
import { cancelReservationTool } from "./cancel-reservation.js";
import { getReservationDetailsTool } from "./get-reservation-details.js";
import { getUserDetailsTool } from "./get-user-details.js";
import { listAllAirportsTool } from "./list-all-airports.js";
import { searchDirectFlightTool } from "./search-direct-flight.js";
import { searchOnestopFlightTool } from "./search-onestop-flight.js";
import { sendCertificateTool } from "./send-certificate.js";
import { thinkTool } from "./think.js";
import { transferToHumanAgentsTool } from "./transfer-to-human-agents.js";
import { updateReservationBaggagesTool } from "./update-reservation-baggages.js";
import { updateReservationFlightsTool } from "./update-reservation-flights.js";
import { updateReservationPassengersTool } from "./update-reservation-passengers.js";

export const AIRLINE_TOOLS: readonly TauTool[] = [
  bookReservationTool,
  calculateTool,
  cancelReservationTool,
  getReservationDetailsTool,
  getUserDetailsTool,
  listAllAirportsTool,
  searchDirectFlightTool,
  searchOnestopFlightTool,
  sendCertificateTool,
  thinkTool,
  transferToHumanAgentsTool,
  updateReservationBaggagesTool,
  updateReservationFlightsTool,
  updateReservationPassengersTool,
];
