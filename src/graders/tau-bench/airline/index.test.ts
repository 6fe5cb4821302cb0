// AIRLINE_TOOLS against τ-bench's tool schemas, and every test task's ground-truth actions replayed on the real
// data (τ-bench replays them to compute the expected data hash; none of them fails upstream — checked by running
// upstream's tools on each task — so none may fail here).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isPyDict, loadPyJson, type PyDict, type PyValue } from "../python-data.js";
import { callTauTool, type TauData, tableOf } from "../tau-tool.js";
import { sharedTauData, TAU_SHARED_DIR } from "../test-support/shared-tau-data.js";
import { AIRLINE_TOOLS } from "./index.js";
import { airlineTool } from "./test-support/airline-calls.js";

const suite = TAU_SHARED_DIR === undefined ? describe.skip : describe;

function readShared(name: string): PyValue {
  return loadPyJson(readFileSync(join(TAU_SHARED_DIR ?? "", name), "utf8"));
}

function dict(value: PyValue | undefined): PyDict {
  if (!isPyDict(value)) throw new Error("expected a JSON object");
  return value;
}

function list(value: PyValue | undefined): PyValue[] {
  if (!Array.isArray(value)) throw new Error("expected a JSON array");
  return value;
}

suite("AIRLINE_TOOLS and airline_tools.json", () => {
  const schemas = list(readShared("airline_tools.json")).map((schema) => dict(dict(schema).get("function")));

  it("has the schemas' names, in order", () => {
    expect(AIRLINE_TOOLS.map((tool) => tool.name)).toEqual(schemas.map((schema) => schema.get("name")));
  });

  it("takes each schema's properties, in order, all required and without defaults", () => {
    for (const [index, tool] of AIRLINE_TOOLS.entries()) {
      const parameters = dict(schemas[index]?.get("parameters"));
      const properties = [...dict(parameters.get("properties")).keys()];
      expect(tool.parameters.map((parameter) => parameter.name)).toEqual(properties);
      expect(list(parameters.get("required"))).toEqual(properties);
      expect(tool.parameters.every((parameter) => parameter.default === undefined)).toBe(true);
    }
  });
});

suite("the test tasks' ground-truth actions", () => {
  const tasks = list(readShared("airline_tasks_test.json")).map(dict);

  it("has the 50 test tasks", () => {
    expect(tasks).toHaveLength(50);
  });

  it("replays every task's actions without an error, on data left unchanged", () => {
    const input = sharedTauData("airline");
    const reservationsBefore = tableOf(input, "reservations");
    let calls = 0;
    for (const [taskIndex, task] of tasks.entries()) {
      let data: TauData = input;
      for (const action of list(task.get("actions")).map(dict)) {
        const name = String(action.get("name"));
        const outcome = callTauTool(airlineTool(name), data, dict(action.get("kwargs")));
        expect(outcome.output.startsWith("Error:"), `task ${taskIndex} ${name}: ${outcome.output}`).toBe(
          false,
        );
        data = outcome.data;
        calls += 1;
      }
    }
    expect(calls).toBe(158);
    expect(tableOf(input, "reservations")).toBe(reservationsBefore);
  });

  it("books task 0's reservation as upstream does (HATHAT, the certificate spent)", () => {
    const action = dict(list(tasks[0]?.get("actions"))[0]);
    const outcome = callTauTool(
      airlineTool("book_reservation"),
      sharedTauData("airline"),
      dict(action.get("kwargs")),
    );
    const user = dict(tableOf(outcome.data, "users").get("mia_li_3668"));
    expect(dict(user.get("payment_methods")).has("certificate_7504069")).toBe(false);
    expect(list(user.get("reservations")).at(-1)).toBe("HATHAT");
  });
});
