import { expect, it } from "vitest";
import { callRetail, expectNoChange, realDataSuite, retailData } from "./test-support/retail-test-kit.js";
import { think } from "./think.js";
import { transferToHumanAgents } from "./transfer-to-human-agents.js";

realDataSuite("think / transfer_to_human_agents", () => {
  it("think shows nothing and changes nothing", () => {
    const data = retailData();
    expectNoChange(callRetail(think, { thought: "the order is pending" }), data, "");
    expectNoChange(
      callRetail(think, {}),
      data,
      "Error: Think.invoke() missing 1 required positional argument: 'thought'",
    );
  });
  it("transfer says it succeeded and changes nothing", () => {
    const data = retailData();
    expectNoChange(
      callRetail(transferToHumanAgents, { summary: "wants a refund" }),
      data,
      "Transfer successful",
    );
    expect(callRetail(transferToHumanAgents, { summary: "x", reason: "y" }).output).toBe(
      "Error: TransferToHumanAgents.invoke() got an unexpected keyword argument 'reason'",
    );
  });
});
