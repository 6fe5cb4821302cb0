// BFCL's java_type_converter / js_type_converter, checked with the assertions of BFCL's own test functions.
import { describe, expect, it } from "vitest";
import {
  PythonFloat,
  PythonRuntimeError,
  pythonEquals,
  pythonRepr,
  pythonTypeName,
} from "../python-value.js";
import { javaTypeConverter } from "./java-type-converter.js";
import { jsTypeConverter } from "./js-type-converter.js";

/** Python `==` plus the same Python type (BFCL's tests compare with ==; the checker also checks type()). */
function expectPython(actual: unknown, expected: unknown): void {
  expect(pythonEquals(actual, expected), `${pythonRepr(actual)} == ${pythonRepr(expected)}`).toBe(true);
  expect(pythonTypeName(actual)).toBe(pythonTypeName(expected));
}

describe("javaTypeConverter", () => {
  it.each([
    ["true", "boolean", true],
    ["false", "boolean", false],
    ["123", "integer", 123],
    ["-123", "integer", -123],
    ["3.14f", "float", 3.14],
    ["-3.14f", "float", -3.14],
    ["3.14", "double", 3.14],
    ["123L", "long", 123],
    ["-123L", "long", -123],
    ["a", "char", "a"],
    ["abc", "String", "abc"],
    ["3f", "float", new PythonFloat(3)],
    ["3e3F", "float", new PythonFloat(3000)],
    ["3e-3F", "float", 0.003],
    ["3.14e2", "double", 314],
    ["127", "byte", 127],
    ["9223372036854775807L", "long", 9223372036854775807n],
    ["123", "any", "123"],
    ["true", "integer", "true"],
    ["3.14", "float", "3.14"],
    ["3.14f", "double", "3.14f"],
    ["'a'", "char", "'a'"],
  ] as const)("%s as %s", (value, type, expected) => {
    const converted = javaTypeConverter(value, type);
    if (expected instanceof PythonFloat || typeof expected === "number") {
      expect(pythonEquals(converted, expected)).toBe(true);
      expect(pythonTypeName(converted)).toBe(type === "float" || type === "double" ? "float" : "int");
    } else expectPython(converted, expected);
  });

  it("collections", () => {
    expectPython(javaTypeConverter("new int[]{1, 2, 3}", "Array"), [1, 2, 3]);
    expectPython(javaTypeConverter("new int[] { 1, 2, 3 }", "Array"), [1, 2, 3]);
    expectPython(javaTypeConverter("new int[]{}", "Array"), []);
    expectPython(javaTypeConverter('new Object[]{1, "abc", true}', "Array"), [1, "abc", true]);
    expectPython(javaTypeConverter('new ArrayList<>(Arrays.asList("a", "b"))', "ArrayList"), ["a", "b"]);
    expectPython(javaTypeConverter('new ArrayList<>(Arrays.asList(1, "abc", true))', "ArrayList"), [
      1,
      "abc",
      true,
    ]);
    expectPython(javaTypeConverter("new ArrayList<>()", "ArrayList"), []);
    expectPython(javaTypeConverter('new HashMap<String, String>() {{ put("key", "value"); }}', "HashMap"), {
      key: "value",
    });
    expectPython(
      javaTypeConverter(
        'new HashMap<String, Object>() {{ put("key1", 1); put("key2", "value"); put("key3", true); }}',
        "HashMap",
      ),
      { key1: 1, key2: "value", key3: true },
    );
    expectPython(javaTypeConverter("new HashMap<>()", "HashMap"), {});
    expectPython(javaTypeConverter("new HashMap<>() {{ }}", "HashMap"), {});
    expectPython(javaTypeConverter("new long[]{1L, 2, 3L}", "Array", "long"), [1, "2", 3]);
    expectPython(
      javaTypeConverter("new ArrayList<Integer>(Arrays.asList(1, 2, 3))", "ArrayList", "integer"),
      [1, 2, 3],
    );
    expectPython(
      javaTypeConverter("new ArrayList<Boolean>(Arrays.asList(true, false))", "ArrayList", "boolean"),
      [true, false],
    );
    expectPython(
      javaTypeConverter("new ArrayList<Character>() {{ add('a'); add('b'); }}", "ArrayList", "char"),
      ["a", "b"],
    );
  });

  it("keeps the quotes of String elements of an Array (BFCL converts each with str())", () => {
    expectPython(javaTypeConverter('new String[]{"a", "b"}', "Array", "String"), ['"a"', '"b"']);
  });

  it("raises for the collection types BFCL does not implement", () => {
    expect(() => javaTypeConverter("x", "Set")).toThrow(PythonRuntimeError);
    expect(() => javaTypeConverter("x", "Queue")).toThrow(PythonRuntimeError);
  });
});

describe("jsTypeConverter", () => {
  it("scalars", () => {
    expectPython(jsTypeConverter("true", "Boolean"), true);
    expectPython(jsTypeConverter("123", "integer"), 123);
    expectPython(jsTypeConverter("-123", "integer"), -123);
    expectPython(jsTypeConverter("3.14", "float"), 3.14);
    expectPython(jsTypeConverter("-3.14", "float"), -3.14);
    expectPython(jsTypeConverter("5", "float"), new PythonFloat(5));
    expectPython(jsTypeConverter("123n", "Bigint"), 123);
    expectPython(jsTypeConverter("abc", "String"), "abc");
    expectPython(jsTypeConverter("'abc'", "String"), "abc");
    expectPython(jsTypeConverter("123.45", "integer"), "123.45");
    expectPython(jsTypeConverter("123", "Bigint"), "123");
    expectPython(jsTypeConverter("'x'", "any"), "'x'");
    expect(() => jsTypeConverter("123", "InvalidType")).toThrow(PythonRuntimeError);
  });

  it("arrays and dicts", () => {
    expectPython(jsTypeConverter("[1, 2, 3]", "array"), [1, 2, 3]);
    expectPython(jsTypeConverter("new Array(1, 2, 3)", "array"), [1, 2, 3]);
    expectPython(jsTypeConverter("[]", "array"), []);
    expectPython(jsTypeConverter("[1, 'two', true]", "array"), [1, "two", true]);
    expectPython(jsTypeConverter("[1.1, 2.2, 3.3]", "array", "float"), [1.1, 2.2, 3.3]);
    expectPython(jsTypeConverter("[1n, 2n, 3n]", "array", "Bigint"), [1, 2, 3]);
    expectPython(jsTypeConverter('["hello", "world", "!"]', "array", "String"), ["hello", "world", "!"]);
    expectPython(jsTypeConverter(" [ [ 1, 2 ], [ 3,   4], [5, 6]]", "array", "array"), [
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
    expectPython(jsTypeConverter("new Array([1, 2], [3, 4], [5, 6])", "array", "array"), [
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
    expectPython(jsTypeConverter("{'key': 'value'}", "dict"), { key: "value" });
    expectPython(jsTypeConverter("{'key1': 123, 'key2': 'value', 'key3': false}", "dict"), {
      key1: 123,
      key2: "value",
      key3: false,
    });
    expectPython(jsTypeConverter("{}", "dict"), {});
    expectPython(
      jsTypeConverter(
        '{"initialState": initialStateObject, "reducers": reducersMap, "middlewares": ["loggerMiddleware"], "enhancers": ["applyMiddleware", "myMiddleWare"]}',
        "dict",
      ),
      {
        initialState: "initialStateObject",
        reducers: "reducersMap",
        middlewares: ["loggerMiddleware"],
        enhancers: ["applyMiddleware", "myMiddleWare"],
      },
    );
  });
});
