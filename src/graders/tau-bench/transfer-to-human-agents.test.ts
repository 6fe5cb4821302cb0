import { describe, expect, it } from "vitest";
import { callTauTool } from "./tau-tool.js";
import { transferToHumanAgents } from "./transfer-to-human-agents.js";

describe("transfer_to_human_agents", () => {
  it("returns τ-bench's fixed text and the data itself", () => {
    const data = new Map([["users", new Map()]]);
    const outcome = callTauTool(transferToHumanAgents, data, new Map([["summary", "wants a refund"]]));
    expect(outcome.output).toBe("Transfer successful");
    expect(outcome.data).toBe(data);
  });

  it("error: an unexpected keyword (Python's TypeError)", () => {
    const args = new Map([
      ["summary", "x"],
      ["reason", "y"],
    ]);
    expect(callTauTool(transferToHumanAgents, new Map(), args).output).toBe(
      "Error: TransferToHumanAgents.invoke() got an unexpected keyword argument 'reason'",
    );
  });
});
