// transfer_to_human_agents: hands the conversation over (τ-bench ends the episode on it); the data is unchanged.
import type { TauTool } from "./tau-tool.js";
import { requiredParameters } from "./tool-arguments.js";

export const transferToHumanAgents: TauTool = {
  name: "transfer_to_human_agents",
  className: "TransferToHumanAgents",
  parameters: requiredParameters("summary"),
  invoke: (data) => ({ output: "Transfer successful", data }),
};
