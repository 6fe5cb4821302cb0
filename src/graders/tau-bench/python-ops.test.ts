// Python 3.11's results and messages (checked with python3) for the operations the tools apply to arguments.
import { describe, expect, it } from "vitest";
import { PythonFloat, pyRepr } from "./python-data.js";
import {
  pyArithmetic,
  pyCountOwnItem,
  pyEquals,
  pyFirst,
  pyGetItem,
  pyHasKey,
  pyIterate,
  pyLen,
  pyLessThan,
  pyLower,
  pyMax,
  pyNegate,
  pySumValues,
  pyTruthy,
  sortedStrings,
} from "./python-ops.js";
import { PythonException } from "./tau-tool.js";

function message(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof PythonException) return `${error.pythonType}: ${error.message}`;
  }
  return "no exception";
}

describe("python-ops", () => {
  it("keeps Python's int/float typing in arithmetic", () => {
    expect(pyRepr(pyArithmetic("*", 50, 2))).toBe("100");
    expect(pyRepr(pyArithmetic("*", 50, new PythonFloat(2)))).toBe("100.0");
    expect(pyRepr(pyArithmetic("-", 98, new PythonFloat(98)))).toBe("0.0");
    expect(pyRepr(pyArithmetic("+", 1, true))).toBe("2");
    expect(pyRepr(pySumValues([100, new PythonFloat(155)]))).toBe("255.0");
    expect(pyRepr(pyNegate(new PythonFloat(0)))).toBe("-0.0");
    expect(pyRepr(pyNegate(0))).toBe("0");
    expect(pyRepr(pyMax(0, new PythonFloat(0)))).toBe("0");
    expect(pyRepr(pyMax(0, new PythonFloat(2)))).toBe("2.0");
  });

  it("repeats and concatenates sequences", () => {
    expect(pyArithmetic("*", 3, "ab")).toBe("ababab");
    expect(pyArithmetic("+", "a", "b")).toBe("ab");
    expect(pyArithmetic("*", [1], 2)).toEqual([1, 1]);
  });

  it("raises Python's TypeErrors", () => {
    expect(message(() => pyArithmetic("+", 0, "a", true))).toBe(
      "TypeError: unsupported operand type(s) for +=: 'int' and 'str'",
    );
    expect(message(() => pyArithmetic("+", "a", 1))).toBe(
      'TypeError: can only concatenate str (not "int") to str',
    );
    expect(message(() => pyArithmetic("*", "a", new PythonFloat(1)))).toBe(
      "TypeError: can't multiply sequence by non-int of type 'float'",
    );
    expect(message(() => pyLessThan(1, "a"))).toBe(
      "TypeError: '<' not supported between instances of 'int' and 'str'",
    );
    expect(message(() => pyMax(0, "a"))).toBe(
      "TypeError: '>' not supported between instances of 'str' and 'int'",
    );
    expect(message(() => pyLen(1))).toBe("TypeError: object of type 'int' has no len()");
    expect(message(() => pyIterate(1))).toBe("TypeError: 'int' object is not iterable");
    expect(message(() => pyNegate("a"))).toBe("TypeError: bad operand type for unary -: 'str'");
    expect(message(() => pyGetItem("abc", "x"))).toBe(
      "TypeError: string indices must be integers, not 'str'",
    );
    expect(message(() => pyGetItem([1], "x"))).toBe(
      "TypeError: list indices must be integers or slices, not str",
    );
    expect(message(() => pyGetItem(null, "x"))).toBe("TypeError: 'NoneType' object is not subscriptable");
    expect(message(() => pyGetItem(5, "x"))).toBe("TypeError: 'int' object is not subscriptable");
    expect(message(() => pyHasKey(new Map(), []))).toBe("TypeError: unhashable type: 'list'");
    expect(message(() => pyHasKey(new Map(), new Map([["k", 1]])))).toBe(
      "TypeError: unhashable type: 'dict'",
    );
    expect(message(() => pyLower(5))).toBe("AttributeError: 'int' object has no attribute 'lower'");
    expect(message(() => pyLower(null))).toBe("AttributeError: 'NoneType' object has no attribute 'lower'");
    expect(message(() => pyCountOwnItem(new Map([["a", 1]]), "a"))).toBe(
      "AttributeError: 'dict' object has no attribute 'count'",
    );
    expect(message(() => pyFirst([]))).toBe("IndexError: list index out of range");
  });

  it("counts, lowers and tests truth like Python", () => {
    expect(pyCountOwnItem(["a", "b", "a"], "a")).toBe(2);
    expect(pyCountOwnItem("aba", "a")).toBe(2);
    expect(pyLower("Ab@X.com")).toBe("ab@x.com");
    const falsy = [null, false, "", 0, new PythonFloat(0), [], new Map()];
    const truthy = ["0", [0], 1.5, new Map([["a", 1]])];
    expect(falsy.map(pyTruthy)).toEqual(falsy.map(() => false));
    expect(truthy.map(pyTruthy)).toEqual(truthy.map(() => true));
  });

  it("raises KeyError with the key's repr", () => {
    expect(message(() => pyGetItem(new Map(), "date"))).toBe("KeyError: 'date'");
    expect(message(() => pyGetItem(new Map(), 5))).toBe("KeyError: 5");
  });

  it("compares like Python", () => {
    expect(pyEquals(1, new PythonFloat(1))).toBe(true);
    expect(pyEquals(true, 1)).toBe(true);
    expect(pyEquals("1", 1)).toBe(false);
    expect(pyEquals([1, "a"], [new PythonFloat(1), "a"])).toBe(true);
    expect(pyLessThan("10:00:00", "9:00:00")).toBe(true);
    expect(pyHasKey(new Map([["1", 1]]), 1)).toBe(false);
    // By code point: U+FF5E sorts before U+1F600, which UTF-16 order would reverse.
    expect(sortedStrings(["b", "\u{1F600}", "\uFF5E", "a"])).toEqual(["a", "b", "\uFF5E", "\u{1F600}"]);
    expect(pyLessThan("\uFF5E", "\u{1F600}")).toBe(true);
  });
});
