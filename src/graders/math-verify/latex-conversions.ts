// latex2sympy2's conversions of atoms, function calls and implicit products into MathValues.
// Facts read in huggingface/latex2sympy2_extended src/latex2sympy2_extended/{latex2sympy2.py,symbols.py}@08735067b667bb8fb5beb9ef1cbc77d06bae3660
import type { LatexExpressionParser } from "./latex-expression-parser.js";
import { LatexSyntaxError, type LatexToken } from "./latex-lexer.js";
import { isInteger, type MathValue, MINUS_ONE, mulFlat, rational } from "./math-value.js";
import { matrixProduct } from "./matrix-arithmetic.js";

const GREEK_PAIRS =
  `alpha α beta β gamma γ Gamma Γ delta δ Delta Δ epsilon ε varepsilon ϵ zeta ζ eta η theta θ
Theta Θ vartheta ϑ iota ι kappa κ lambda λ Lambda Λ mu μ nu ν xi ξ Xi Ξ omicron ο pi π Pi Π varpi ϖ rho ρ varrho ϱ
sigma σ Sigma Σ varsigma ς tau τ upsilon υ Upsilon Υ phi φ Phi Φ varphi ϕ chi χ psi ψ Psi Ψ omega ω Omega Ω`.split(
    /\s+/,
  );
const GREEK_NAMES = new Map<string, string>();
for (let index = 0; index + 1 < GREEK_PAIRS.length; index += 2) {
  const name = GREEK_PAIRS[index] ?? "";
  GREEK_NAMES.set(`\\${name}`, name);
  GREEK_NAMES.set(GREEK_PAIRS[index + 1] ?? "", name);
}

/** sympy.Number of a digit string: an Integer (leading zeros dropped) or a Float. */
export function numberFromText(raw: string): MathValue {
  const text = raw.replace(/,/g, "");
  if (/^-?\d+$/.test(text)) return rational(BigInt(text));
  const value = Number(text);
  if (!Number.isFinite(value)) throw new LatexSyntaxError(`not a number: ${raw}`);
  return { type: "float", value };
}

/** latex2sympy2's accent handling: `\text{E}` is the symbol E, `\bar{x}` is `bar{x}`, `\mathbf{v}` is `math{v}`. */
function accentText(text: string): string {
  const braceIndex = text.indexOf("{");
  let name = text.slice(1, braceIndex);
  let content = text.slice(braceIndex + 1, -1).replace(/ /g, "");
  if (name === "bar" || name === "overline") name = "bar";
  else if (name === "vec" || name === "overrightarrow") name = "vec";
  else if (name === "tilde" || name === "widetilde") name = "tilde";
  else if (name.includes("text") || name.includes("mbox")) {
    name = "";
    content = content.replace(/[()]/g, "");
  } else if (name.includes("math")) name = "math";
  return name === "" ? content : `${name}{${content}}`;
}

/** The symbol an atom_expr head with its subscript names (lowercased; `pi` is the constant π, `I` is i). */
export function symbolFromText(head: LatexToken, subscript: string | undefined): MathValue {
  let text = head.kind === "ACCENT" ? accentText(head.text) : head.text;
  if (head.kind === "LETTER_NO_E" && text === "I") return { type: "constant", name: "I" };
  if (subscript !== undefined) {
    const inner = subscript.trim();
    text = `${text.trim()}${inner.length > 1 ? `_{${inner}}` : `_${inner}`}`;
  }
  text = text.trim();
  let name = GREEK_NAMES.get(text.replace(/"/g, "")) ?? text;
  if (name.startsWith("\\")) name = name.slice(1);
  name = name.toLowerCase();
  return name === "pi" ? { type: "constant", name: "pi" } : { type: "symbol", name };
}

/** convert_postfix_list: implicit products, with `2 \frac{1}{2}` read as the mixed number 5/2. */
export function applyPostfixProduct(items: readonly MathValue[]): MathValue {
  let result = items.at(-1);
  if (result === undefined) throw new LatexSyntaxError("empty product");
  for (let index = items.length - 2; index >= 0; index--) {
    const left = items[index];
    if (left === undefined) continue;
    const right: MathValue = result;
    if (left.type === "matrix" || right.type === "matrix") result = matrixProduct(left, right);
    else if (
      isInteger(left) &&
      right.type === "number" &&
      right.value.numerator > 0n &&
      right.value.denominator > 0n
    ) {
      const { numerator, denominator } = right.value;
      const whole = left.value.numerator;
      result = rational(
        whole < 0n ? whole * denominator - numerator : whole * denominator + numerator,
        denominator,
      );
    } else result = mulFlat(left, right);
  }
  return result;
}

const INVERSE_TRIG = new Set(["arcsin", "arccos", "arctan", "arccsc", "arcsec", "arccot"]);
const TRIG = new Set(["sin", "cos", "tan", "csc", "sec", "cot", "sinh", "cosh", "tanh"]);

function known(name: string, args: MathValue[]): MathValue {
  return { type: "function", name, args, isUndefined: false };
}

function singleArgumentFunction(name: string, argument: MathValue, base: MathValue | undefined): MathValue {
  if (INVERSE_TRIG.has(name)) return known(`a${name.slice(3)}`, [argument]);
  if (["arsinh", "arcosh", "artanh"].includes(name)) return known(`a${name.slice(2)}`, [argument]);
  if (["arcsinh", "arccosh", "arctanh"].includes(name)) return known(`a${name.slice(3)}`, [argument]);
  if (name === "log" || name === "ln") {
    return known("log", [
      argument,
      base ?? (name === "ln" ? { type: "constant", name: "E" } : rational(10n)),
    ]);
  }
  if (name === "exp") return known("exp", [argument]);
  if (name === "floor") return known("floor", [argument]);
  if (name === "ceil") return known("ceiling", [argument]);
  if (TRIG.has(name)) return known(name, [argument]);
  if (name === "det") throw new LatexSyntaxError("det of a non-matrix");
  return { type: "function", name, args: [argument], isUndefined: true };
}

function scriptsAfterFunction(parser: LatexExpressionParser): { base?: MathValue; exponent?: MathValue } {
  const scripts: { base?: MathValue; exponent?: MathValue } = {};
  for (let index = 0; index < 2; index++) {
    if (scripts.base === undefined && parser.isAt("UNDERSCORE")) {
      parser.position++;
      scripts.base = parser.braceOrAtom();
    } else if (scripts.exponent === undefined && parser.isAt("CARET")) {
      parser.position++;
      scripts.exponent = parser.braceOrAtom();
    }
  }
  return scripts;
}

function withPower(value: MathValue, exponent: MathValue | undefined): MathValue {
  return exponent === undefined ? value : { type: "pow", base: value, exponent };
}

function namedFunction(parser: LatexExpressionParser, isMultiArgument: boolean): MathValue {
  const head = parser.peek();
  parser.position++;
  let name = head?.text.slice(1) ?? "";
  if (head?.kind === "CMD_OPERATORNAME") {
    parser.expect("L_BRACE");
    const operator = parser.expect(isMultiArgument ? "NAME_MULTI" : "NAME_SINGLE");
    parser.expect("R_BRACE");
    name = operator.text;
    if (
      ![
        "arsinh",
        "arcosh",
        "artanh",
        "arcsinh",
        "arccosh",
        "arctanh",
        "floor",
        "ceil",
        "gcd",
        "lcm",
      ].includes(name)
    ) {
      throw new LatexSyntaxError(`operator ${name} needs a matrix`);
    }
  }
  const { base, exponent } = scriptsAfterFunction(parser);
  if (isMultiArgument) {
    let text: string;
    if (parser.isAt("L_PAREN")) {
      parser.position++;
      const start = parser.position;
      parser.expr();
      while (parser.isAt("COMMA")) {
        parser.position++;
        parser.expr();
      }
      text = parser.textOf(start, parser.position);
      parser.expect("R_PAREN");
    } else {
      const start = parser.position;
      parser.multiplicative(true);
      text = parser.textOf(start, parser.position);
    }
    const args = text.split(",").map((part) => parser.parseText(part));
    const functionName = name === "max" ? "Max" : name === "min" ? "Min" : name;
    return withPower(known(functionName, args), exponent);
  }
  let argument: MathValue;
  if (parser.isAt("L_PAREN") && hasClosingParenthesisAfterExpression(parser)) {
    parser.position++;
    argument = parser.expr();
    parser.expect("R_PAREN");
  } else {
    argument = parser.multiplicative(true);
  }
  const isMinusOne =
    exponent?.type === "number" && exponent.value.numerator === -1n && exponent.value.denominator === 1n;
  if (isMinusOne && TRIG.has(name)) return known(`a${name}`, [argument]);
  return withPower(singleArgumentFunction(name, argument, base), exponent);
}

function hasClosingParenthesisAfterExpression(parser: LatexExpressionParser): boolean {
  const saved = parser.position;
  try {
    parser.position++;
    parser.expr();
    return parser.isAt("R_PAREN");
  } catch {
    return false;
  } finally {
    parser.position = saved;
  }
}

const CALL_CLOSERS: Readonly<Record<string, string>> = { L_PAREN: "R_PAREN", L_BRACKET: "R_BRACKET" };

/** `f(x)`, `g(1, 2)`: an atom followed by call arguments that are one atom or contain a comma. */
function undefinedFunctionCall(parser: LatexExpressionParser): MathValue | undefined {
  const saved = parser.position;
  try {
    const headStart = parser.position;
    parser.position++;
    if (parser.isAt("UNDERSCORE")) parser.subscriptText();
    const name = parser.textOf(headStart, parser.position);
    let exponent: MathValue | undefined;
    if (parser.isAt("CARET")) {
      parser.position++;
      exponent = parser.braceOrAtom();
    }
    let isBraced = false;
    if (parser.isAt("L_BRACE") && (parser.isAt("L_PAREN", 1) || parser.isAt("L_BRACKET", 1))) {
      isBraced = true;
      parser.position++;
    }
    const closer = CALL_CLOSERS[parser.peek()?.kind ?? ""];
    if (closer === undefined) throw new LatexSyntaxError("no call");
    parser.position++;
    const argumentStart = parser.position;
    let isSingleAtom = false;
    try {
      parser.atom();
      isSingleAtom = parser.isAt(closer);
    } catch {
      isSingleAtom = false;
    }
    if (!isSingleAtom) {
      parser.position = argumentStart;
      parser.expr();
      parser.expect("COMMA");
      while (!parser.isAt(closer)) {
        parser.expr();
        if (!parser.isAt(closer)) parser.expect("COMMA");
      }
    }
    const parts = parser.textOf(argumentStart, parser.position).split(",");
    if (parts.at(-1) === "") parts.pop();
    parser.expect(closer);
    if (isBraced) parser.expect("R_BRACE");
    const args = parts.map((part) => parser.parseText(part));
    return withPower({ type: "function", name, args, isUndefined: true }, exponent);
  } catch {
    parser.position = saved;
    return undefined;
  }
}

function sumOrProduct(parser: LatexExpressionParser): MathValue {
  const kind = parser.peek()?.kind === "FUNC_SUM" ? "sum" : "product";
  parser.position++;
  let variable: MathValue | undefined;
  let from: MathValue | undefined;
  let to: MathValue | undefined;
  for (let index = 0; index < 2; index++) {
    if (parser.isAt("UNDERSCORE") && variable === undefined) {
      parser.position++;
      parser.expect("L_BRACE");
      variable = parser.expr();
      if (!parser.isAt("ASSIGNMENT") && !parser.isAt("EQUAL")) throw new LatexSyntaxError("sum needs k=…");
      parser.position++;
      from = parser.expr();
      parser.expect("R_BRACE");
    } else if (parser.isAt("CARET") && to === undefined) {
      parser.position++;
      to = parser.braceOrAtom();
    }
  }
  if (variable === undefined || from === undefined || to === undefined)
    throw new LatexSyntaxError("sum bounds");
  const body = parser.multiplicative(false);
  return { type: "sum", kind, body, variable, from, to };
}

/** The `func` rule at the parser's position, or undefined when the tokens there are not a function call. */
export function addFunctionCall(parser: LatexExpressionParser): MathValue | undefined {
  const token = parser.peek();
  switch (token?.kind) {
    case "FUNC_SINGLE":
      return namedFunction(parser, false);
    case "FUNC_MULTI":
      return namedFunction(parser, true);
    case "CMD_OPERATORNAME":
      return namedFunction(parser, parser.isAt("NAME_MULTI", 2));
    case "FUNC_SQRT": {
      parser.position++;
      let root: MathValue | undefined;
      if (parser.isAt("L_BRACKET")) {
        parser.position++;
        root = parser.expr();
        parser.expect("R_BRACKET");
      }
      parser.expect("L_BRACE");
      const base = parser.expr();
      parser.expect("R_BRACE");
      const exponent =
        root === undefined
          ? rational(1n, 2n)
          : isInteger(root)
            ? rational(1n, root.value.numerator)
            : { type: "pow" as const, base: root, exponent: MINUS_ONE };
      return { type: "pow", base, exponent };
    }
    case "FUNC_SUM":
    case "FUNC_PROD":
      return sumOrProduct(parser);
    case "EXP_E": {
      parser.position++;
      if (!parser.isAt("CARET")) return { type: "constant", name: "E" };
      parser.position++;
      return known("exp", [parser.braceOrAtom()]);
    }
    case "FUNC_INT":
    case "FUNC_LIM":
      throw new LatexSyntaxError(`${token.kind} is not converted`);
    case "LETTER_NO_E":
    case "GREEK_CMD":
    case "OTHER_SYMBOL_CMD":
    case "ACCENT":
      return undefinedFunctionCall(parser);
    default:
      return undefined;
  }
}
