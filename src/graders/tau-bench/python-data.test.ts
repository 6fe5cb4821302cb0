import { describe, expect, it } from "vitest";
import { dumpPythonJson } from "../python-json.js";
import {
  clonePyValue,
  isSameData,
  loadPyJson,
  PythonFloat,
  pyAdd,
  pyFloat,
  pyMul,
  pyRepr,
  pyRound,
  pyStr,
  pySum,
} from "./python-data.js";

describe("τ-bench's data as Python holds it", () => {
  it("keeps every dict's key order, integer-like keys too, and prints as json.dumps does", () => {
    const text = '{"5000000002": {"price": 31.5}, "2000000001": {"price": 247.0, "ok": true}}';
    const value = loadPyJson(text);
    expect(value).toBeInstanceOf(Map);
    expect([...(value as Map<string, unknown>).keys()]).toEqual(["5000000002", "2000000001"]);
    expect(dumpPythonJson(value, null)).toBe(text);
  });

  it("adds, multiplies and sums as Python types them: a float anywhere makes a float", () => {
    expect(pyAdd(1, 2)).toBe(3);
    expect(pyAdd(1, new PythonFloat(2))).toEqual(new PythonFloat(3));
    expect(pySum([0.5, 0.5])).toEqual(new PythonFloat(1));
    expect(pySum([])).toBe(0);
    expect(pyMul(150, 2)).toBe(300);
    expect(pyStr(pySum([30.25, 69.75]))).toBe("100.0");
  });

  it("rounds as Python's round(x, 2): exact ties to even, the binary value otherwise", () => {
    // CPython: round(0.125, 2) = 0.12, round(0.375, 2) = 0.38, round(2.675, 2) = 2.67 (2.675 is below the tie),
    // round(1.005, 2) = 1.0, round(-0.125, 2) = -0.12, round(7, 2) = 7.
    expect(pyRound(0.125, 2)).toBe(0.12);
    expect(pyRound(0.375, 2)).toBe(0.38);
    expect(pyRound(2.675, 2)).toBe(2.67);
    expect(pyRound(1.005, 2)).toEqual(new PythonFloat(1));
    expect(pyRound(-0.125, 2)).toBe(-0.12);
    expect(pyRound(7, 2)).toBe(7);
    // round(-0.0, 2) and round(-0.001, 2) are -0.0.
    expect(pyStr(pyRound(-0, 2))).toBe("-0.0");
    expect(pyStr(pyRound(-0.001, 2))).toBe("-0.0");
    expect(pyRound(pyFloat(0.1 + 0.2), 2)).toBe(0.3);
  });

  it("prints as Python's str and repr", () => {
    expect(pyStr(new PythonFloat(247))).toBe("247.0");
    expect(
      pyRepr(
        new Map<string, null | boolean | string>([
          ["a", null],
          ["b", true],
          ["c", "it's"],
        ]),
      ),
    ).toBe(`{'a': None, 'b': True, 'c': "it's"}`);
  });

  it("compares as τ-bench's data hash does: dict order aside, an int is not the float of the same value", () => {
    const left = loadPyJson('{"a": 1, "b": [1, 2], "c": {"x": 2.5}}');
    expect(isSameData(left, loadPyJson('{"c": {"x": 2.5}, "b": [1, 2], "a": 1}'))).toBe(true);
    expect(isSameData(left, loadPyJson('{"a": 1.0, "b": [1, 2], "c": {"x": 2.5}}'))).toBe(false);
    expect(isSameData(left, loadPyJson('{"a": 1, "b": [2, 1], "c": {"x": 2.5}}'))).toBe(false);
    expect(isSameData(left, loadPyJson('{"a": true, "b": [1, 2], "c": {"x": 2.5}}'))).toBe(false);
    expect(isSameData(left, loadPyJson('{"a": 1, "b": [1, 2]}'))).toBe(false);
  });

  it("copies deeply: the copy's changes leave the original alone", () => {
    const original = loadPyJson('{"a": [1, {"b": 2}]}') as Map<string, unknown>;
    const copy = clonePyValue(original as never) as Map<string, unknown>;
    ((copy.get("a") as unknown[])[1] as Map<string, number>).set("b", 3);
    expect(dumpPythonJson(original, null)).toBe('{"a": [1, {"b": 2}]}');
  });
});
