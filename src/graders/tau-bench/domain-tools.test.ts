import { describe, expect, it } from "vitest";
import { calculate } from "./calculate.js";
import { TAU_DOMAIN_TOOLS } from "./domain-tools.js";
import { think } from "./think.js";
import { transferToHumanAgents } from "./transfer-to-human-agents.js";

describe("TAU_DOMAIN_TOOLS", () => {
  // τ-bench's retail and airline copies of these three tools behave the same, so both domains use one module each.
  it.each(["retail", "airline"] as const)(
    "%s uses the shared calculate, think and transfer tools",
    (domain) => {
      const byName = new Map(TAU_DOMAIN_TOOLS[domain].map((tool) => [tool.name, tool]));
      expect(byName.get("calculate")).toBe(calculate);
      expect(byName.get("think")).toBe(think);
      expect(byName.get("transfer_to_human_agents")).toBe(transferToHumanAgents);
    },
  );
});
