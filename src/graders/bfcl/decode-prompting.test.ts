// BFCL's Python prompting decoder: inputs and the outputs BFCL's own default_decode_ast_prompting gave (Python 3.11).
import { describe, expect, it } from "vitest";
import { pythonFloatRepr } from "../python-repr.js";
import { PythonFloat, PythonTuple } from "../python-value.js";
import { decodeBfclPrompting } from "./decode-prompting.js";

/** Values tagged as the Python side printed them: floats by repr, tuples and big ints marked. */
function tagged(value: unknown): unknown {
  if (value instanceof PythonFloat) return { __float__: pythonFloatRepr(value.value) };
  if (typeof value === "number" && !Number.isInteger(value)) return { __float__: pythonFloatRepr(value) };
  if (typeof value === "bigint") return { __bigint__: String(value) };
  if (value instanceof PythonTuple) return { __tuple__: value.items.map(tagged) };
  if (Array.isArray(value)) return value.map(tagged);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, tagged(item)]));
  }
  return value;
}

const CASES: [string, unknown][] = [
  ['[f(a=1, b="x")]', [{ f: { a: 1, b: "x" } }]],
  ["f(a=1), g(b=[1, 2])", [{ f: { a: 1 } }, { g: { b: [1, 2] } }]],
  ["```\n[f(a=1)]\n```", [{ f: { a: 1 } }]],
  ["'[f(a=1)]'", { __error__: "AssertionError" }],
  ["[f(a=-5, b=-2.5, c=+3, d=-True)]", [{ f: { a: -5, b: { __float__: "-2.5" }, c: -3, d: -1 } }]],
  [
    "[f(a=1.0, b=1e3, c=0x1F, d=1_000, e=.5)]",
    [{ f: { a: { __float__: "1.0" }, b: { __float__: "1000.0" }, c: 31, d: 1000, e: { __float__: "0.5" } } }],
  ],
  ["[f(a=None, b=True, c=False, d=...)]", [{ f: { a: null, b: true, c: false, d: "..." } }]],
  [
    "[f(a=(1, 2), b=(), c=(3,))]",
    [{ f: { a: { __tuple__: [1, 2] }, b: { __tuple__: [] }, c: { __tuple__: [3] } } }],
  ],
  ['[f(a={"k": [1, {"n": "v"}]})]', [{ f: { a: { k: [1, { n: "v" }] } } }]],
  [
    '[f(a="it\'s", b=\'say "hi"\', c="tab\\there", d=r"raw\\n", e="a" "b")]',
    [{ f: { a: "it's", b: 'say "hi"', c: "tab\there", d: "raw\\n", e: "ab" } }],
  ],
  [
    '[f(a=2*3, b="a"+"b", c=7//2, d=-7%3, e=2**-1, f=[1]+[2], g=1/2)]',
    [{ f: { a: 6, b: "ab", c: 3, d: 2, e: { __float__: "0.5" }, f: [1, 2], g: { __float__: "0.5" } } }],
  ],
  ["[f(a=x, b=math.pi)]", { __error__: "Exception" }],
  ['[f(a=g(1, "x"), b=h(k=2))]', [{ f: { a: "g(1, 'x')", b: { h: { k: 2 } } } }]],
  ["[a.b.c(x=1)]", [{ "a.b.c": { x: 1 } }]],
  ["[f(1, 2, a=3)]", [{ f: { a: 3 } }]],
  ["[f(a=x[0], b=y[1:2])]", [{ f: { a: "x[0]", b: "y[1:2]" } }]],
  ["[]", []],
  ["I cannot help with that.", { __error__: "SyntaxError" }],
  ["[f(a=1) g(b=2)]", { __error__: "SyntaxError" }],
  ["[f(a=1)]\n[g(b=2)]", { __error__: "SyntaxError" }],
  ["[f(a=lambda x: x)]", { __error__: "TypeError" }],
  ["[f(a=1, a=2)]", [{ f: { a: 2 } }]],
  ["[f(a=1 if x else 2)]", { __error__: "Exception" }],
  ["[f(a={1, 2})]", { __error__: "Exception" }],
  ["[1, 2]", { __error__: "AssertionError" }],
  ['[f(a=f"x{y}")]', { __error__: "Exception" }],
  ['[f(a=[1, 2,], b={"x": 1,},)]', [{ f: { a: [1, 2], b: { x: 1 } } }]],
  ["[f(a=not True)]", [{ f: { a: -1 } }]],
  ["[f(a=-x)]", { __error__: "AttributeError" }],
  ['[f(a=-"s")]', { __error__: "TypeError" }],
  ["[f(a=g(x=1)(y=2))]", [{ f: { a: { "": { y: 2 } } } }]],
  ['[f(a="\\u00e9\\x41\\101")]', [{ f: { a: "éAA" } }]],
  ["[f(a=0.1+0.2)]", [{ f: { a: { __float__: "0.30000000000000004" } } }]],
  ["[f(a=10**20)]", [{ f: { a: { __bigint__: "100000000000000000000" } } }]],
  ["[f(a=1e400)]", [{ f: { a: { __float__: "inf" } } }]],
  ["[f(class_=1, a=[None, ...])]", [{ f: { class_: 1, a: [null, "..."] } }]],
  ["f(a=1)", [{ f: { a: 1 } }]],
  ["[f(a=g(*args))]", [{ f: { a: "g(*args)" } }]],
  ["[f(a=1) # comment\n]", [{ f: { a: 1 } }]],
];

describe("decodeBfclPrompting (python)", () => {
  it.each(CASES)("%j", (text, expected) => {
    const decoded = decodeBfclPrompting(text, "python");
    if (expected !== null && typeof expected === "object" && "__error__" in expected) {
      expect(decoded.status).toBe("error");
      return;
    }
    expect(decoded.status).toBe("ok");
    if (decoded.status !== "ok") return;
    expect(tagged(decoded.calls.map((call) => ({ [call.name]: call.arguments })))).toEqual(expected);
  });

  it("rejects bytes literals, which BFCL would pass on as bytes (a known difference)", () => {
    expect(decodeBfclPrompting('[f(a=b"x")]').status).toBe("error");
  });
});

describe("decodeBfclPrompting (java / javascript)", () => {
  it("decodes the first Java call, values as source text", () => {
    const decoded = decodeBfclPrompting(
      '[Foo.bar(a="x y", b=5L, c=new int[] {1, 2}, d=new ArrayList<>(Arrays.asList("a", "b")), e=true, f=someVar, g=-1.5f)]',
      "java",
    );
    expect(decoded).toEqual({
      status: "ok",
      calls: [
        {
          name: "Foo.bar",
          arguments: {
            a: "x y",
            b: "5L",
            c: "new int[]{1,2}",
            d: 'new ArrayList<>(Arrays.asList("a", "b"))',
            e: "true",
            f: "someVar",
            g: "-1.5f",
          },
        },
      ],
    });
  });

  it("drops a Java anonymous class body, as BFCL's tree traversal does", () => {
    const decoded = decodeBfclPrompting('[f(m=new HashMap<String, Object>() {{ put("k", 1); }})]', "java");
    expect(decoded).toEqual({
      status: "ok",
      calls: [{ name: "f", arguments: { m: "new HashMap<String,Object>()" } }],
    });
  });

  it("Java: no call is BFCL's {} (wrong format), bad syntax a decode error", () => {
    expect(decodeBfclPrompting("[42]", "java").status).toBe("wrong-format");
    expect(decodeBfclPrompting("[f(a=1), g(b=2)]", "java").status).toBe("error");
    expect(decodeBfclPrompting("[f(a=1, a=2)]", "java").status).toBe("error");
  });

  it("decodes the first JavaScript call statement, unquoting one level", () => {
    const decoded = decodeBfclPrompting(
      "[f(a='x', b=\"y\", c=[1, 2], d={k: 'v'}, e=3.5, f=x => x + 1, g=`t`)]",
      "javascript",
    );
    expect(decoded).toEqual({
      status: "ok",
      calls: [
        {
          name: "f",
          arguments: { a: "x", b: "y", c: "[1, 2]", d: "{k: 'v'}", e: "3.5", f: "x => x + 1", g: "`t`" },
        },
      ],
    });
  });

  it("JavaScript: two calls in one statement are no call (BFCL's None)", () => {
    expect(decodeBfclPrompting("[f(a=1), g(b=2)]", "javascript").status).toBe("wrong-format");
    expect(decodeBfclPrompting("[f(a=1]", "javascript").status).toBe("error");
  });
});
