// Expected outputs of `template.format(**FIELDS)` computed with CPython 3.11 on the same fields (the script kept
// outside the repository), except `{d.k}`: Python reads an attribute and fails on a dict; ours reads the key.
import { describe, expect, it } from "vitest";
import { pythonFormat, TemplateError } from "./python-format.js";

const FIELDS = {
  q: "What is 2+2?",
  n: 42,
  neg: -7,
  x: 3.14169,
  big: 1234567.891,
  tiny: 0.0000123,
  half: 2.5,
  t: true,
  f: false,
  none: null,
  lst: ["a", 1, 2.5, null, true],
  d: { k: "v", n: [1, 2] },
  quote: "it's",
  both: "a'b\"c",
  uni: "café ☕",
  nl: "a\nb\tc",
  zero: 0.25,
  inf: Number.POSITIVE_INFINITY,
  e16: 1.2345e-5,
  e15: 0.00012345,
  third: 1 / 3,
  hundred: 99.75,
  ten: 9.96,
  width: 8,
  p: 3,
};

describe("pythonFormat", () => {
  it.each([
    ["Q: {q}\nA:", "Q: What is 2+2?\nA:"],
    ["{{literal}} {q}", "{literal} What is 2+2?"],
    ["}}{{", "}{"],
    ["{n} {neg} {x} {big} {tiny}", "42 -7 3.14169 1234567.891 1.23e-05"],
    ["{t} {f} {none}", "True False None"],
    ["{lst}", "['a', 1, 2.5, None, True]"],
    ["{d}", "{'k': 'v', 'n': [1, 2]}"],
    [
      "{quote!r} {both!r} {uni!r} {uni!a} {nl!r}",
      "\"it's\" 'a\\'b\"c' 'café ☕' 'caf\\xe9 \\u2615' 'a\\nb\\tc'",
    ],
    ["{q!s:>20}|", "        What is 2+2?|"],
    ["{q:<15}|{q:^17}|{q:*>16}", "What is 2+2?   |  What is 2+2?   |****What is 2+2?"],
    ["{q:.4}", "What"],
    ["{n:05d}", "00042"],
    ["{n:+d} {neg:+d} {n: d}", "+42 -7  42"],
    ["{n:x} {n:#x} {n:X} {n:#o} {n:b} {n:#b}", "2a 0x2a 2A 0o52 101010 0b101010"],
    ["{big:,.2f} {n:,}", "1,234,567.89 42"],
    ["{big:_.1f}", "1_234_567.9"],
    [
      "{x:.2f} {x:.0f} {half:.0f} {x:e} {x:.3E} {x:g} {x:.3g}",
      "3.14 3 2 3.141690e+00 3.142E+00 3.14169 3.14",
    ],
    ["{tiny:g} {tiny:.2e} {tiny}", "1.23e-05 1.23e-05 1.23e-05"],
    ["{x:%} {x:.1%}", "314.169000% 314.2%"],
    ["{x:10.3f}|{x:<10.3f}|{x:^10.3f}|{x:=+10.3f}", "     3.142|3.142     |  3.142   |+    3.142"],
    ["{neg:=8}|{neg:08}", "-      7|-0000007"],
    ["{zero} {inf} {inf:f}", "0.25 inf inf"],
    ["{e16} {e15}", "1.2345e-05 0.00012345"],
    ["{third} {third:.3} {hundred:.3} {ten:.3} {big:.6}", "0.3333333333333333 0.333 99.8 9.96 1.23457e+06"],
    ["{n:{width}}", "      42"],
    ["{x:.{p}f}", "3.142"],
    ["{lst[0]} {lst[2]} {d[k]} {d[n][1]}", "a 2.5 v 2"],
    ["{d.k}", "v"],
    ["{t:d} {t:>6} {f:x}", "1      1 0"],
    ["{n:c}", "*"],
    ["{x:#.0f} {n:#.0f}", "3. 42."],
    ["{big:n} {n:n}", "1.23457e+06 42"],
    ["{half:.1f} {x:z.1f}", "2.5 3.1"],
    ["{hundred:g} {hundred} {hundred:.0e}", "99.75 99.75 1e+02"],
    ["{q[0]}{q[1]}", "Wh"],
  ])("%j → %j", (template, expected) => {
    expect(pythonFormat(template, FIELDS)).toBe(expected);
  });

  it("prints a whole number as an int: JSON does not keep 1.0 apart from 1 (Python would print 1.0)", () => {
    expect(pythonFormat("{a} {b} {c:.2f}", { a: 1, b: 1e16, c: 100 })).toBe("1 10000000000000000 100.00");
  });

  it.each([
    ["{missing}", /no field "missing" in the row \(its fields: q, n,/],
    ["{}", /positional field "\{\}" has nothing to refer to/],
    ["{0}", /positional field "\{0\}"/],
    ["{q", /"\{" at character 1 is never closed/],
    ["a } b", /single "\}" at character 3/],
    ["{lst[9]}", /"lst" has no item 9 \(it has 5\)/],
    ["{d[zz]}", /"d" has no key "zz"/],
    ["{q:d}", /Unknown format code 'd' for object of type 'str'/],
    ["{x:d}", /Unknown format code 'd' for object of type 'float'/],
    ["{none:>5}", /unsupported format string passed to NoneType.__format__/],
    ["{q!z}", /unknown conversion "!z"/],
  ])("rejects %j", (template, message) => {
    expect(() => pythonFormat(template, FIELDS)).toThrow(TemplateError);
    expect(() => pythonFormat(template, FIELDS)).toThrow(message);
  });
});
