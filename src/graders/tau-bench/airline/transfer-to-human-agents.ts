// transfer_to_human_agents: ends the conversation (a τ-bench terminate tool); the data is unchanged.
import type { TauTool } from "../tau-tool.js";

export const transferToHumanAgentsTool: TauTool = {
  name: "transfer_to_human_agents",
  className: "TransferToHumanAgents",
  parameters: [{ name: "summary" }],
  invoke: (data) => ({ output: "Transfer successful", data }),
};
