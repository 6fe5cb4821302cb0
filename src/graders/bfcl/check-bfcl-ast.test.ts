// BFCL's ast_checker rules on hand-made samples (no data needed), the relevance verdict and the system prompt bytes.
import { describe, expect, it } from "vitest";
import { parsePythonJson } from "../python-json.js";
import { PythonFloat, PythonTuple } from "../python-value.js";
import { checkBfclAst } from "./check-bfcl-ast.js";
import { checkBfclRelevance } from "./check-bfcl-relevance.js";
import { decodeBfclPrompting } from "./decode-prompting.js";
import { decodeBfclToolCalls } from "./decode-tool-calls.js";
import { bfclPromptingSystemPrompt } from "./prompting-system-prompt.js";
import type { BfclCall, BfclFunctionDoc, BfclLanguage, BfclPossibleAnswer } from "./types.js";

const WEATHER: BfclFunctionDoc = {
  name: "weather.get",
  description: "Weather.",
  parameters: {
    type: "dict",
    properties: {
      city: { type: "string", description: "City." },
      days: { type: "integer", description: "Days." },
      scale: { type: "float", description: "Scale." },
      units: { type: "array", items: { type: "string" }, description: "Units." },
      options: { type: "dict", description: "Options." },
      point: { type: "tuple", items: { type: "float" }, description: "Point." },
    },
    required: ["city"],
  },
};
const ANSWER: BfclPossibleAnswer = {
  "weather.get": {
    city: ["New York, NY", "NYC"],
    days: [3, ""],
    scale: [2.0, ""],
    units: [["celsius", "kelvin"], ""],
    options: [{ detail: ["high"], lang: ["en", ""] }, ""],
    point: [[1.5, 2.5], ""],
  },
};

function check(args: Record<string, unknown>, options: { name?: string; isUnderscoreToDot?: boolean } = {}) {
  const call: BfclCall = { name: options.name ?? "weather.get", arguments: args };
  return checkBfclAst({
    functions: [WEATHER],
    calls: [call],
    possibleAnswer: [ANSWER],
    language: "python",
    category: "simple_python",
    ...(options.isUnderscoreToDot === undefined ? {} : { isUnderscoreToDot: options.isUnderscoreToDot }),
  });
}

describe("checkBfclAst (python rules)", () => {
  it("standardises strings: case, spaces and ,./-_*^ do not matter", () => {
    expect(check({ city: "new york ny" }).valid).toBe(true);
    expect(check({ city: "New-York_NY." }).valid).toBe(true);
    expect(check({ city: "Boston" })).toEqual({
      valid: false,
      errorType: "value_error:string",
      errors: [
        "Invalid value for parameter 'city': 'Boston'. Expected one of ['New York, NY', 'NYC']. Case insensitive.",
      ],
    });
  });

  it("checks names, required and unknown parameters with BFCL's error types", () => {
    expect(check({ city: "NYC" }, { name: "weather_get" }).errorType).toBe(
      "simple_function_checker:wrong_func_name",
    );
    expect(check({ city: "NYC" }, { name: "weather_get", isUnderscoreToDot: true }).valid).toBe(true);
    expect(check({ days: 3 }).errorType).toBe("simple_function_checker:missing_required");
    expect(check({ city: "NYC", wind: true }).errorType).toBe("simple_function_checker:unexpected_param");
  });

  it("types: int is accepted for float, bool is not int, float is not int", () => {
    expect(check({ city: "NYC", scale: 2 }).valid).toBe(true);
    expect(check({ city: "NYC", days: true }).errorType).toBe("type_error:simple");
    expect(check({ city: "NYC", days: new PythonFloat(3) }).errorType).toBe("type_error:simple");
    expect(check({ city: "NYC", days: "3" }).errorType).toBe("type_error:simple");
  });

  it("lists keep order and compare standardised strings; tuples for tuple parameters become lists", () => {
    expect(check({ city: "NYC", units: ["Celsius", "KELVIN"] }).valid).toBe(true);
    expect(check({ city: "NYC", units: ["kelvin", "celsius"] }).errorType).toBe("value_error:list/tuple");
    // The optional "" option passes the nested type check (BFCL returns early), so the value check decides.
    expect(check({ city: "NYC", units: [1] }).errorType).toBe("value_error:list/tuple");
    expect(check({ city: "NYC", point: new PythonTuple([1.5, 2.5]) }).valid).toBe(true);
  });

  it('dicts: keys allowed, values among options, keys without "" required', () => {
    expect(check({ city: "NYC", options: { detail: "HIGH" } }).valid).toBe(true);
    expect(check({ city: "NYC", options: { lang: "en" } }).errorType).toBe("value_error:dict_key");
    expect(check({ city: "NYC", options: { detail: "high", extra: 1 } }).errorType).toBe(
      "value_error:dict_key",
    );
    expect(check({ city: "NYC", options: { detail: "low" } }).errorType).toBe("value_error:dict_value");
  });

  it("values: numbers by Python equality; a wrong one is value_error:others", () => {
    expect(check({ city: "NYC", scale: new PythonFloat(2) }).valid).toBe(true);
    expect(check({ city: "NYC", days: 4 }).errorType).toBe("value_error:others");
  });

  it('an omitted parameter must allow ""', () => {
    const strict: BfclPossibleAnswer = { "weather.get": { city: ["NYC"], days: [3] } };
    const verdict = checkBfclAst({
      functions: [WEATHER],
      calls: [{ name: "weather.get", arguments: { city: "NYC" } }],
      possibleAnswer: [strict],
      language: "python",
      category: "simple",
    });
    expect(verdict.errorType).toBe("simple_function_checker:missing_optional");
  });

  it("simple needs exactly one call; parallel matches in any order, greedily", () => {
    const calls = [
      { name: "weather.get", arguments: { city: "NYC", days: 3 } },
      { name: "weather.get", arguments: { city: "nyc", days: 5 } },
    ];
    const answers: BfclPossibleAnswer[] = [
      { "weather.get": { city: ["NYC"], days: [5] } },
      { "weather.get": { city: ["NYC"], days: [3] } },
    ];
    const input = {
      functions: [WEATHER],
      calls,
      possibleAnswer: answers,
      language: "python" as BfclLanguage,
    };
    expect(checkBfclAst({ ...input, category: "simple_python" }).errorType).toBe(
      "simple_function_checker:wrong_count",
    );
    expect(checkBfclAst({ ...input, category: "parallel" }).valid).toBe(true);
    expect(checkBfclAst({ ...input, calls: calls.slice(0, 1), category: "live_parallel" }).errorType).toBe(
      "parallel_function_checker_no_order:wrong_count",
    );
  });
});

describe("checkBfclAst (java / javascript)", () => {
  const javaDoc: BfclFunctionDoc = {
    name: "Calc.run",
    parameters: {
      type: "dict",
      properties: { count: { type: "long" }, ids: { type: "ArrayList", items: { type: "integer" } } },
      required: ["count"],
    },
  };
  const javaAnswer: BfclPossibleAnswer = { "Calc.run": { count: [5], ids: [[1, 2], ""] } };

  it("java values are strings converted by type; a non-string is type_error:java", () => {
    const run = (args: Record<string, unknown>) =>
      checkBfclAst({
        functions: [javaDoc],
        calls: [{ name: "Calc.run", arguments: args }],
        possibleAnswer: [javaAnswer],
        language: "java",
        category: "simple_java",
      });
    expect(run({ count: "5L", ids: "new ArrayList<>(Arrays.asList(1, 2))" }).valid).toBe(true);
    expect(run({ count: "5" }).errorType).toBe("type_error:simple");
    expect(run({ count: 5 }).errorType).toBe("type_error:java");
  });

  it("javascript values: Boolean and float strings", () => {
    const doc: BfclFunctionDoc = {
      name: "setLimit",
      parameters: {
        type: "dict",
        properties: { on: { type: "Boolean" }, limit: { type: "float" } },
        required: ["on"],
      },
    };
    const verdict = checkBfclAst({
      functions: [doc],
      calls: [{ name: "setLimit", arguments: { on: "true", limit: "4" } }],
      possibleAnswer: [{ setLimit: { on: [true], limit: [4.0] } }],
      language: "javascript",
      category: "simple_javascript",
    });
    expect(verdict.valid).toBe(true);
  });
});

describe("decodeBfclToolCalls", () => {
  it("keeps names as sent and arguments through json.loads (floats stay floats)", () => {
    const decoded = decodeBfclToolCalls({
      tool_calls: [{ function: { name: "weather_get", arguments: '{"city": "NYC", "scale": 2.0}' } }],
    });
    expect(decoded).toEqual({
      status: "ok",
      calls: [{ name: "weather_get", arguments: { city: "NYC", scale: new PythonFloat(2) } }],
    });
  });

  it('text instead of tool calls: "" is no call, other text fails, bad JSON fails, non-dict is wrong format', () => {
    expect(decodeBfclToolCalls({ content: "" })).toEqual({ status: "ok", calls: [] });
    expect(decodeBfclToolCalls({ content: "Sure!" }).status).toBe("error");
    expect(decodeBfclToolCalls({ tool_calls: [{ function: { name: "f", arguments: "{" } }] }).status).toBe(
      "error",
    );
    expect(decodeBfclToolCalls({ tool_calls: [{ function: { name: "f", arguments: "[1]" } }] }).status).toBe(
      "wrong-format",
    );
  });
});

describe("checkBfclRelevance", () => {
  it("irrelevance wants no call, relevance a call", () => {
    const call = decodeBfclPrompting("[f(a=1)]");
    const none = decodeBfclPrompting("I can't.");
    expect(checkBfclRelevance({ category: "irrelevance", decoded: none }).valid).toBe(true);
    expect(checkBfclRelevance({ category: "live_irrelevance", decoded: call })).toEqual({
      valid: false,
      errors: ["Valid syntax. Successfully decode AST when it should not."],
      errorType: "irrelevance_error:decoder_success",
    });
    expect(checkBfclRelevance({ category: "live_relevance", decoded: call }).valid).toBe(true);
    expect(checkBfclRelevance({ category: "live_relevance", decoded: decodeBfclPrompting("[]") })).toEqual({
      valid: false,
      errors: ["Invalid syntax. Failed to decode AST when it should have. None"],
      errorType: "relevance_error:decoder_failed",
    });
  });
});

describe("bfclPromptingSystemPrompt", () => {
  it("is byte-equal to BFCL's formulate_system_prompt (ensure_ascii JSON, float 1.0 kept)", () => {
    const functions = parsePythonJson(
      '[{"name": "geo.distance", "description": "Distance in km \\u2014 between two cities.", "parameters": {"type": "dict", "properties": {"origin": {"type": "string", "description": "Start, e.g. \\"Z\\u00fcrich\\"."}, "scale": {"type": "float", "description": "Scale.", "default": 1.0}}, "required": ["origin"]}}]',
    ) as BfclFunctionDoc[];
    const expected: string =
      'You are an expert in composing functions.You are given a question and a set of possible functions. Based on the question, you will need to make one or more function/tool calls to achieve the purpose. If none of the functions can be used, point it out. If the given question lacks the parameters required by the function, also point it out.\n\nYou should only return the function calls in your response.\n\nIf you decide to invoke any of the function(s), you MUST put it in the format of [func_name1(params_name1=params_value1, params_name2=params_value2...), func_name2(params)].  You SHOULD NOT include any other text in the response.\n\nAt each turn, you should try your best to complete the tasks requested by the user within the current turn. Continue to output functions to call until you have fulfilled the user\'s request to the best of your ability. Once you have no more functions to call, the system will consider the current turn complete and proceed to the next turn or task.\n\nHere is a list of functions in json format that you can invoke.\n[\n    {\n        "name": "geo.distance",\n        "description": "Distance in km \\u2014 between two cities.",\n        "parameters": {\n            "type": "dict",\n            "properties": {\n                "origin": {\n                    "type": "string",\n                    "description": "Start, e.g. \\"Z\\u00fcrich\\"."\n                },\n                "scale": {\n                    "type": "float",\n                    "description": "Scale.",\n                    "default": 1.0\n                }\n            },\n            "required": [\n                "origin"\n            ]\n        }\n    }\n]\n';
    expect(bfclPromptingSystemPrompt(functions)).toBe(expected);
  });
});
