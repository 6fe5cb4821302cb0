// Every ground-truth action of τ-bench's retail tasks (test, dev, train), run in order on the real data: only the
// calls that fail in upstream too may answer `Error: …`, with upstream's message.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { isPyDict, loadPyJson, type PyValue } from "../python-data.js";
import { callTauTool, type TauData } from "../tau-tool.js";
import { TAU_SHARED_DIR } from "../test-support/shared-tau-data.js";
import { RETAIL_TOOLS } from "./index.js";
import { realDataSuite, retailData } from "./test-support/retail-test-kit.js";
import { UPSTREAM_ACTION_ERRORS, UPSTREAM_ERROR_REASONS } from "./test-support/upstream-action-errors.js";

const TOOLS = new Map(RETAIL_TOOLS.map((tool) => [tool.name, tool]));

function field(record: PyValue | undefined, key: string): PyValue {
  if (!isPyDict(record)) throw new Error("not a dict");
  return record.get(key) ?? null;
}

realDataSuite("retail tasks' ground-truth actions", () => {
  for (const split of ["test", "dev", "train"]) {
    it(`${split}: every action answers as upstream does`, () => {
      const text = readFileSync(join(TAU_SHARED_DIR ?? "", `retail_tasks_${split}.json`), "utf8");
      const tasks = loadPyJson(text) as PyValue[];
      const errors: Record<string, string> = {};
      for (const [taskIndex, task] of tasks.entries()) {
        let data: TauData = retailData();
        for (const [actionIndex, action] of (field(task, "actions") as PyValue[]).entries()) {
          const tool = TOOLS.get(String(field(action, "name")));
          if (tool === undefined) throw new Error(`unknown tool ${String(field(action, "name"))}`);
          const kwargs = field(action, "kwargs");
          if (!isPyDict(kwargs)) throw new Error("kwargs must be a dict");
          const outcome = callTauTool(tool, data, kwargs);
          data = outcome.data;
          if (outcome.output.startsWith("Error:"))
            errors[`${split}:${taskIndex}:${actionIndex}`] = outcome.output;
        }
      }
      const expected = Object.fromEntries(
        Object.entries(UPSTREAM_ACTION_ERRORS).filter(([key]) => key.startsWith(`${split}:`)),
      );
      expect(errors).toEqual(expected);
      for (const message of Object.values(errors)) expect(UPSTREAM_ERROR_REASONS[message]).toBeDefined();
    });
  }
});
