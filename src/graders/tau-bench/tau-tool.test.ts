import { describe, expect, it } from "vitest";
import { isPyDict, type PyValue } from "./python-data.js";
import {
  callTauTool,
  keyError,
  PythonException,
  type TauData,
  type TauTool,
  withRecord,
} from "./tau-tool.js";

const DATA: TauData = new Map<string, PyValue>([
  [
    "users",
    new Map([
      [
        "u1",
        new Map<string, PyValue>([
          ["name", "Ada"],
          ["visits", 1],
        ]),
      ],
    ]),
  ],
]);

/** A tool shaped like τ-bench's: `invoke(data, user_id, note="")`. */
const RECORD_VISIT: TauTool = {
  name: "record_visit",
  className: "RecordVisit",
  parameters: [{ name: "user_id" }, { name: "note", default: "" }],
  invoke(data, args) {
    const userId = args.get("user_id");
    if (typeof userId !== "string") throw new PythonException("TypeError", "unhashable type: 'list'");
    const users = data.get("users");
    if (!isPyDict(users) || !users.has(userId)) throw keyError(userId);
    const next = withRecord(data, "users", userId, (user) => {
      user.set("visits", (user.get("visits") as number) + 1);
    });
    return { output: `visited ${args.get("note")}`, data: next };
  },
};

const args = (entries: [string, PyValue][]) => new Map(entries);

describe("a τ-bench tool call", () => {
  it("returns the output and new data, leaving the input as it was", () => {
    const outcome = callTauTool(
      RECORD_VISIT,
      DATA,
      args([
        ["user_id", "u1"],
        ["note", "today"],
      ]),
    );
    expect(outcome.output).toBe("visited today");
    const user = (outcome.data.get("users") as Map<string, Map<string, PyValue>>).get("u1");
    expect(user?.get("visits")).toBe(2);
    expect(
      ((DATA.get("users") as Map<string, Map<string, PyValue>>).get("u1") as Map<string, PyValue>).get(
        "visits",
      ),
    ).toBe(1);
  });

  it("fills defaults and words a bad call as Python's TypeError: an unexpected keyword before missing ones", () => {
    expect(callTauTool(RECORD_VISIT, DATA, args([["user_id", "u1"]])).output).toBe("visited ");
    expect(callTauTool(RECORD_VISIT, DATA, args([])).output).toBe(
      "Error: RecordVisit.invoke() missing 1 required positional argument: 'user_id'",
    );
    expect(callTauTool(RECORD_VISIT, DATA, args([["userid", "u1"]])).output).toBe(
      "Error: RecordVisit.invoke() got an unexpected keyword argument 'userid'",
    );
    const three: TauTool = { ...RECORD_VISIT, parameters: [{ name: "a" }, { name: "b" }, { name: "c" }] };
    expect(callTauTool(three, DATA, args([])).output).toBe(
      "Error: RecordVisit.invoke() missing 3 required positional arguments: 'a', 'b', and 'c'",
    );
  });

  it("turns an exception into `Error: <str(e)>` with the data unchanged (a KeyError shows the key's repr)", () => {
    const outcome = callTauTool(RECORD_VISIT, DATA, args([["user_id", "nobody"]]));
    expect(outcome).toEqual({ output: "Error: 'nobody'", data: DATA });
  });
});
