// τ-bench's Python sources read as data: literals (joined strings, escapes, ints apart from floats, nesting), the
// Task/Action calls, the get_info() dict, and the refusals of anything that is not a literal.
import { describe, expect, it } from "vitest";
import { parsePythonExpression } from "../../graders/bfcl/parse-python-expression.js";
import { PythonFloat, type PyValue } from "../../graders/tau-bench/python-data.js";
import { tauTaskFrom } from "../../graders/tau-bench/tau-task.js";
import {
  pyValueFromNode,
  pyValueToJson,
  tauTasksFromPython,
  tauToolInfoFromPython,
} from "./tau-python-literal.js";

const literal = (text: string): PyValue => pyValueFromNode(parsePythonExpression(text));
const FILE = "sierra-research/tau-bench@59a200c:tau_bench/envs/retail/tasks_test.py";

describe("pyValueFromNode", () => {
  it("joins adjacent strings, decodes escapes, and keeps ints apart from floats", () => {
    expect(literal(`("You are Yusuf "\n "in 19122." 'caf\\u00e9 \\u2014 \\x41\\n')`)).toBe(
      "You are Yusuf in 19122.café — A\n",
    );
    const numbers = literal("[1, 1.0, 2.5, -3, -0, -0.0, +4, 1e3, 12345678901234567890, True, None]");
    expect(numbers).toEqual([
      1,
      new PythonFloat(1),
      2.5,
      -3,
      0,
      new PythonFloat(-0),
      4,
      new PythonFloat(1000),
      12345678901234567890n,
      true,
      null,
    ]);
    expect(Object.is((numbers as PyValue[])[4], 0)).toBe(true);
  });

  it("reads nested dicts as Maps in source order (integer-like keys too) and lists as arrays", () => {
    const value = literal(`{"9": {"b": [1, {"z": 2.0}], "a": []}, "10": "x",}`);
    expect(value).toEqual(
      new Map<string, PyValue>([
        [
          "9",
          new Map<string, PyValue>([
            ["b", [1, new Map([["z", new PythonFloat(2)]])]],
            ["a", []],
          ]),
        ],
        ["10", "x"],
      ]),
    );
    expect([...(value as Map<string, PyValue>).keys()]).toEqual(["9", "10"]);
  });

  it("turns Task(...) and Action(...) into the dicts of their keywords, which tauTaskFrom reads", () => {
    const value = literal(`Task(
        annotator="0",
        user_id="yusuf_rossi_9620",
        instruction="Cancel " "it.",
        actions=[Action(name="cancel_pending_order", kwargs={"order_id": "#W1", "amount": 12.0})],
        outputs=["12.0"],
    )`);
    expect([...(value as Map<string, PyValue>).keys()]).toEqual([
      "annotator",
      "user_id",
      "instruction",
      "actions",
      "outputs",
    ]);
    expect(tauTaskFrom(value)).toEqual({
      userId: "yusuf_rossi_9620",
      instruction: "Cancel it.",
      actions: [
        {
          name: "cancel_pending_order",
          kwargs: new Map<string, PyValue>([
            ["order_id", "#W1"],
            ["amount", new PythonFloat(12)],
          ]),
        },
      ],
      outputs: ["12.0"],
    });
  });

  it.each([
    ["a name", "[x]", /\[0\]: a name expression is not a literal/],
    [
      "another call",
      `{"a": dict(b=1)}`,
      /\["a"\]: a call of dict \(only Task\(\.\.\.\) and Action\(\.\.\.\) are read\)/,
    ],
    ["positional arguments", `Action("think", {})`, /Action\(\.\.\.\) with positional arguments/],
    ["a tuple", "(1, 2)", /a tuple expression is not a literal/],
    ["a set", "{1}", /a set expression is not a literal/],
    ["bytes", `b"x"`, /bytes are not data/],
    ["arithmetic", "[1 + 2]", /a binop expression/],
    ["a non-str key", "{1: 2}", /dict key 0 is not a str/],
    ["a ** expansion", `{**a}`, /\*\* expansion/],
    ["minus a string", `-"a"`, /- of a non-number/],
    ["Ellipsis", "...", /Ellipsis is not data/],
  ])("refuses %s", (_what, text, message) => {
    expect(() => literal(text)).toThrow(message);
  });
});

describe("tauTasksFromPython / tauToolInfoFromPython", () => {
  it("read the list after TASKS_TEST = (retail) or TASKS = (airline), and the dict of the last return", () => {
    const tasks = `from tau_bench.types import Task, Action\n\nTASKS_TEST = [\n    Task(\n        annotator="0",\n        user_id="u",\n        instruction="i",\n        actions=[],\n        outputs=[],\n    ),\n]\n`;
    expect(tauTasksFromPython(tasks, FILE)).toEqual([
      new Map<string, PyValue>([
        ["annotator", "0"],
        ["user_id", "u"],
        ["instruction", "i"],
        ["actions", []],
        ["outputs", []],
      ]),
    ]);
    expect(tauTasksFromPython(tasks.replace("TASKS_TEST =", "TASKS ="), FILE)).toHaveLength(1);
    const tool = `class Think(Tool):\n    @staticmethod\n    def invoke(data: Dict[str, Any], thought: str) -> str:\n        return ""\n\n    @staticmethod\n    def get_info() -> Dict[str, Any]:\n        return {\n            "type": "function",\n            "function": {"name": "think", "parameters": {"minimum": 1.0}},\n        }\n`;
    const info = tauToolInfoFromPython(tool, "think.py");
    expect(pyValueToJson(info)).toEqual({
      type: "function",
      function: { name: "think", parameters: { minimum: 1 } },
    });
  });

  it("name the file in their errors", () => {
    expect(() => tauTasksFromPython("TASKS_DEV = []\n", FILE)).toThrow(
      `${FILE}: the task list (TASKS_TEST = / TASKS =) not found`,
    );
    expect(() => tauTasksFromPython("TASKS = [Task(user_id=make_id())]\n", FILE)).toThrow(
      `${FILE}: the task list (TASKS_TEST = / TASKS =): [0].user_id: a call of make_id`,
    );
    expect(() => tauTasksFromPython("TASKS = [\n", FILE)).toThrow(
      new RegExp(
        `^${FILE.replaceAll(".", "\\.")}: the task list .* is not a Python literal this program reads`,
      ),
    );
    expect(() => tauToolInfoFromPython("def get_info():\n    pass\n", "x.py")).toThrow(
      "x.py: the get_info() dict (the last return) not found",
    );
  });
});
