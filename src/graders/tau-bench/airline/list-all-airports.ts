// list_all_airports: τ-bench's fixed list of twenty airports and their cities (not read from the data).
import { dumpPythonJson } from "../../python-json.js";
import type { TauTool } from "../tau-tool.js";

const AIRPORTS: ReadonlyMap<string, string> = new Map([
  ["SFO", "San Francisco"],
  ["JFK", "New York"],
  ["LAX", "Los Angeles"],
  ["ORD", "Chicago"],
  ["DFW", "Dallas"],
  ["DEN", "Denver"],
  ["SEA", "Seattle"],
  ["ATL", "Atlanta"],
  ["MIA", "Miami"],
  ["BOS", "Boston"],
  ["PHX", "Phoenix"],
  ["IAH", "Houston"],
  ["LAS", "Las Vegas"],
  ["MCO", "Orlando"],
  ["EWR", "Newark"],
  ["CLT", "Charlotte"],
  ["MSP", "Minneapolis"],
  ["DTW", "Detroit"],
  ["PHL", "Philadelphia"],
  ["LGA", "LaGuardia"],
]);

export const listAllAirportsTool: TauTool = {
  name: "list_all_airports",
  className: "ListAllAirports",
  parameters: [],
  invoke: (data) => ({ output: dumpPythonJson(AIRPORTS, null), data }),
};
