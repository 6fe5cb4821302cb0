// Test-case decoding: plain JSON, and base64 → zlib → pickle (protocol 4) → JSON str, checked against CPython.
import { deflateSync } from "node:zlib";
import { Parser } from "pickleparser";
import { describe, expect, it } from "vitest";
import { DatasetError } from "../../errors.js";
import { decodeLcbPrivateTests, parseLcbTestList } from "./lcb-test-cases.js";

/** Pickle protocol 4 of a str under 256 UTF-8 bytes, as CPython writes it: PROTO 4, FRAME, SHORT_BINUNICODE, MEMOIZE, STOP. */
function pickleShortString(text: string): Buffer {
  const utf8 = Buffer.from(text, "utf8");
  if (utf8.length > 255) throw new RangeError("SHORT_BINUNICODE holds at most 255 bytes");
  const body = Buffer.concat([Buffer.from([0x8c, utf8.length]), utf8, Buffer.from([0x94, 0x2e])]);
  const frameLength = Buffer.alloc(8);
  frameLength.writeBigUInt64LE(BigInt(body.length));
  return Buffer.concat([Buffer.from([0x80, 0x04, 0x95]), frameLength, body]);
}

const STDIN_TESTS_JSON = '[{"input": "1 2\\n", "output": "3\\n", "testtype": "stdin"}]';

describe("pickleShortString (the test's own pickler)", () => {
  it("writes the bytes CPython 3.11 writes", () => {
    // python3 -c 'import pickle; print(pickle.dumps("héllo ✓", protocol=4).hex())'
    expect(pickleShortString("héllo ✓").toString("hex")).toBe(
      "8004950e000000000000008c0a68c3a96c6c6f20e29c93942e",
    );
    // python3 -c 'import pickle, json; print(pickle.dumps(json.dumps([{"input": "1 2\n", "output": "3\n",
    //   "testtype": "stdin"}]), protocol=4).hex())'
    expect(pickleShortString(STDIN_TESTS_JSON).toString("hex")).toBe(
      "8004953e000000000000008c3a5b7b22696e707574223a20223120325c6e222c20226f7574707574223a2022335c6e222c2022" +
        "7465737474797065223a2022737464696e227d5d942e",
    );
  });

  it("is read back by pickleparser", () => {
    expect(new Parser().parse(pickleShortString("héllo ✓"))).toBe("héllo ✓");
  });
});

describe("parseLcbTestList", () => {
  it("reads {input, output, testtype} objects", () => {
    expect(parseLcbTestList(STDIN_TESTS_JSON, "public_test_cases")).toEqual([
      { input: "1 2\n", output: "3\n", testType: "stdin" },
    ]);
    expect(parseLcbTestList("[]", "public_test_cases")).toEqual([]);
  });

  it("rejects what Test(**t) rejects, naming the field", () => {
    expect(() => parseLcbTestList("not json", "public_test_cases")).toThrow(/public_test_cases is not JSON/);
    expect(() =>
      parseLcbTestList('[{"input": "1", "output": "2", "testtype": "batch"}]', "public_test_cases"),
    ).toThrow(/public_test_cases is not a list of \{input, output, testtype\} at \[0\]\.\[testtype\]/);
    expect(() =>
      parseLcbTestList(
        '[{"input": "1", "output": "2", "testtype": "stdin", "extra": 1}]',
        "public_test_cases",
      ),
    ).toThrow(DatasetError);
    expect(() => parseLcbTestList('{"input": "1"}', "public_test_cases")).toThrow(DatasetError);
  });
});

describe("decodeLcbPrivateTests", () => {
  it("reads plain JSON first", () => {
    expect(decodeLcbPrivateTests(STDIN_TESTS_JSON)).toEqual([
      { input: "1 2\n", output: "3\n", testType: "stdin" },
    ]);
  });

  it("else base64 → zlib → pickle → JSON (a blob built here from CPython's pickle bytes)", () => {
    const blob = deflateSync(pickleShortString(STDIN_TESTS_JSON)).toString("base64");
    expect(decodeLcbPrivateTests(blob)).toEqual([{ input: "1 2\n", output: "3\n", testType: "stdin" }]);
  });

  it("decodes a blob CPython compressed (functional tests)", () => {
    // python3: tests = [{"input": "[-1, 1, 2, 3, 1]\n2", "output": "3", "testtype": "functional"},
    //   {"input": "[-6, 2, 5, -2, -7, -1, 3]\n-2", "output": "10", ...}, {"input": "[5]\n10", "output": "0", ...}]
    //   base64.b64encode(zlib.compress(pickle.dumps(json.dumps(tests), protocol=4))).decode()
    const blob =
      "eJxrYJn6hAECeh5EVytl5hWUlihZKShF6xrqKACRkY6CMZARG5NnpKSjoJRfWgJVYAzilqQWl5RUFqSCBNJK85JLMvPzEnOUanUUUIwyA5" +
      "tjqqOgC6R0zYEYaLIx0ExdNEMNDYg31RSoH6IeoR+v9tgpegDYBkSM";
    expect(decodeLcbPrivateTests(blob)).toEqual([
      { input: "[-1, 1, 2, 3, 1]\n2", output: "3", testType: "functional" },
      { input: "[-6, 2, 5, -2, -7, -1, 3]\n-2", output: "10", testType: "functional" },
      { input: "[5]\n10", output: "0", testType: "functional" },
    ]);
  });

  it("says what failed: not a blob, or a pickle that holds no str", () => {
    expect(() => decodeLcbPrivateTests("%%% not base64 zlib %%%")).toThrow(
      /private_test_cases is neither JSON nor base64 → zlib → pickle/,
    );
    // python3 -c 'import base64, zlib, pickle; print(base64.b64encode(zlib.compress(pickle.dumps(5, protocol=4))).decode())'
    expect(() => decodeLcbPrivateTests("eJxrYPFm1QMAA64BAw==")).toThrow(
      /private_test_cases unpickles to number, not the str of JSON/,
    );
    const notTests = deflateSync(pickleShortString('{"a": 1}')).toString("base64");
    expect(() => decodeLcbPrivateTests(notTests)).toThrow(/private_test_cases \(unpickled\) is not a list/);
  });
});
