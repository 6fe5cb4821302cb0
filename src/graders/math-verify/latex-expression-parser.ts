// Recursive-descent reading of PS.g4's expression rules (relation … atom) into MathValues, as latex2sympy2 converts them.
// Facts read in huggingface/latex2sympy2_extended src/latex2sympy2_extended/{PS.g4,latex2sympy2.py,symbols.py}@08735067b667bb8fb5beb9ef1cbc77d06bae3660

import { addFunctionCall, applyPostfixProduct, numberFromText, symbolFromText } from "./latex-conversions.js";
import { LatexSyntaxError, type LatexToken } from "./latex-lexer.js";
import {
  addFlat,
  integer,
  isInteger,
  type MathValue,
  MINUS_ONE,
  mulFlat,
  negate,
  percentOf,
  type RelationOperator,
  rational,
} from "./math-value.js";
import { matrixProduct, matrixSum, scaleMatrix } from "./matrix-arithmetic.js";

const RELATION_KINDS = new Set(["IN", "ASSIGNMENT", "EQUAL", "APPROX", "LT", "LTE", "GT", "GTE", "UNEQUAL"]);
const MULTIPLY_KINDS = new Set(["MUL", "CMD_TIMES", "CMD_CDOT"]);
const DIVIDE_KINDS = new Set(["DIV", "CMD_DIV", "COLON"]);
const ATOM_EXPR_HEADS = new Set(["LETTER_NO_E", "GREEK_CMD", "OTHER_SYMBOL_CMD", "ACCENT"]);
const GROUP_PAIRS: Readonly<Record<string, string>> = {
  L_PAREN: "R_PAREN",
  L_GROUP: "R_GROUP",
  L_BRACE: "R_BRACE",
  L_BRACKET: "R_BRACKET",
  L_BRACE_VISUAL: "R_BRACE_VISUAL",
  L_BRACE_CMD: "R_BRACE_CMD",
  L_BRACK: "R_BRACK",
};
const FUNCTION_STARTS = new Set([
  "FUNC_SINGLE",
  "FUNC_MULTI",
  "CMD_OPERATORNAME",
  "FUNC_INT",
  "FUNC_SQRT",
  "FUNC_SUM",
  "FUNC_PROD",
  "FUNC_LIM",
  "EXP_E",
]);
const RELATION_OPERATORS: Readonly<Record<string, RelationOperator>> = {
  LT: "<",
  LTE: "<=",
  GT: ">",
  GTE: ">=",
  EQUAL: "=",
  ASSIGNMENT: "=",
  UNEQUAL: "!=",
};

/** latex2sympy2's is_expr_of_only_symbols: every leaf a symbol (x, AB, A/B, f(x), |AB|). */
export function isOnlyOfSymbols(value: MathValue): boolean {
  switch (value.type) {
    case "symbol":
      return true;
    case "add":
    case "mul":
    case "and":
      return value.args.length > 0 && value.args.every(isOnlyOfSymbols);
    case "pow":
      if (
        value.exponent.type === "number" &&
        value.exponent.value.numerator === -1n &&
        value.exponent.value.denominator === 1n
      ) {
        return isOnlyOfSymbols(value.base) || value.base.type === "symbol";
      }
      return isOnlyOfSymbols(value.base) && isOnlyOfSymbols(value.exponent);
    case "function":
      return value.args.length > 0 && value.args.every(isOnlyOfSymbols);
    case "relation":
      return isOnlyOfSymbols(value.lhs) && isOnlyOfSymbols(value.rhs);
    case "tuple":
    case "finite-set":
      return value.elements.length > 0 && value.elements.every(isOnlyOfSymbols);
    default:
      return false;
  }
}

function chainRelation(left: MathValue, operator: RelationOperator, right: MathValue): MathValue {
  if (left.type === "and") {
    const last = left.args.at(-1);
    const lhs = last?.type === "relation" ? last.rhs : left;
    return { type: "and", args: [...left.args, { type: "relation", operator, lhs, rhs: right }] };
  }
  if (left.type === "relation") {
    return { type: "and", args: [left, { type: "relation", operator, lhs: left.rhs, rhs: right }] };
  }
  return { type: "relation", operator, lhs: left, rhs: right };
}

/** Parses the expression part of the grammar over a token list; `position` advances as tokens are read. */
export class LatexExpressionParser {
  position = 0;
  /** Depth of open `|…|` groups: inside one, a bar closes it instead of opening another. */
  private barDepth = 0;

  readonly tokens: readonly LatexToken[];
  readonly parseText: (text: string) => MathValue;

  constructor(tokens: readonly LatexToken[], parseText: (text: string) => MathValue) {
    this.tokens = tokens;
    this.parseText = parseText;
  }

  peek(offset = 0): LatexToken | undefined {
    return this.tokens[this.position + offset];
  }

  isAt(kind: string, offset = 0): boolean {
    return this.peek(offset)?.kind === kind;
  }

  expect(kind: string): LatexToken {
    const token = this.peek();
    if (token?.kind !== kind) throw new LatexSyntaxError(`expected ${kind}, found ${token?.kind ?? "end"}`);
    this.position++;
    return token;
  }

  /** The source text of tokens [from, to) as ANTLR's getText joins them (no spaces). */
  textOf(from: number, to: number): string {
    return this.tokens
      .slice(from, to)
      .map((token) => token.text)
      .join("");
  }

  relation(): MathValue {
    let left = this.expr();
    while (RELATION_KINDS.has(this.peek()?.kind ?? "")) {
      const kind = this.expect(this.peek()?.kind ?? "").kind;
      const right = this.expr();
      if (kind === "APPROX") {
        left = isOnlyOfSymbols(left) ? right : left;
      } else if (kind === "IN") {
        throw new LatexSyntaxError("Unrecognized relation");
      } else {
        left = chainRelation(left, RELATION_OPERATORS[kind] ?? "=", right);
      }
    }
    return left;
  }

  expr(): MathValue {
    let left = this.multiplicative(false);
    while (this.isAt("ADD") || this.isAt("SUB")) {
      const isSubtraction = this.expect(this.peek()?.kind ?? "").kind === "SUB";
      let right = this.multiplicative(false);
      if (left.type === "matrix" || right.type === "matrix") {
        left = matrixSum(left, isSubtraction ? scaleMatrix(MINUS_ONE, right) : right);
        continue;
      }
      if (isSubtraction) {
        right =
          right.type === "number" || right.type === "float" || right.type === "constant"
            ? negate(right)
            : mulFlat(MINUS_ONE, right);
      }
      left = addFlat(left, right);
    }
    return left;
  }

  multiplicative(isNoFunction: boolean): MathValue {
    let left = this.unary(isNoFunction);
    for (;;) {
      const kind = this.peek()?.kind ?? "";
      if (!MULTIPLY_KINDS.has(kind) && !DIVIDE_KINDS.has(kind) && kind !== "CMD_MOD") return left;
      this.position++;
      const right = this.unary(isNoFunction);
      if (MULTIPLY_KINDS.has(kind)) {
        left =
          left.type === "matrix" || right.type === "matrix"
            ? matrixProduct(left, right)
            : mulFlat(left, right);
      } else if (kind === "CMD_MOD") {
        left = { type: "function", name: "Mod", args: [left, right], isUndefined: false };
      } else if (isInteger(left) && isInteger(right)) {
        left = rational(left.value.numerator * right.value.denominator, right.value.numerator);
      } else if (left.type === "matrix" || right.type === "matrix") {
        throw new LatexSyntaxError("matrix division");
      } else {
        left = { type: "mul", args: [left, { type: "pow", base: right, exponent: MINUS_ONE }] };
      }
    }
  }

  unary(isNoFunction: boolean): MathValue {
    if (this.isAt("ADD")) {
      this.position++;
      return this.unary(isNoFunction);
    }
    if (this.isAt("SUB")) {
      this.position++;
      const inner = this.unary(isNoFunction);
      if (inner.type === "matrix") return scaleMatrix(MINUS_ONE, inner);
      if (inner.type === "number" || inner.type === "float" || inner.type === "constant")
        return negate(inner);
      return mulFlat(MINUS_ONE, inner);
    }
    const items = [this.postfix(false)];
    while (this.startsPostfix(isNoFunction)) items.push(this.postfix(isNoFunction));
    return applyPostfixProduct(items);
  }

  private startsPostfix(isNoFunction: boolean): boolean {
    const token = this.peek();
    if (token === undefined) return false;
    if (token.kind === "BAR") return this.barDepth === 0;
    if (isNoFunction && FUNCTION_STARTS.has(token.kind)) return false;
    return [
      "L_PAREN",
      "L_GROUP",
      "L_BRACE",
      "L_BRACKET",
      "L_BRACE_VISUAL",
      "L_BRACE_CMD",
      "L_BRACK",
      "PHANTOM_CMD",
      "BOXED_CMD",
      "NORM",
      "L_VERT",
      "VERT",
      "L_ANGLE",
      "L_FLOOR",
      "LL_CORNER",
      "L_CEIL",
      "UL_CORNER",
      "FUNC_SINGLE",
      "FUNC_MULTI",
      "CMD_OPERATORNAME",
      "FUNC_INT",
      "FUNC_SQRT",
      "FUNC_SUM",
      "FUNC_PROD",
      "FUNC_LIM",
      "EXP_E",
      "LETTER_NO_E",
      "GREEK_CMD",
      "OTHER_SYMBOL_CMD",
      "ACCENT",
      "SYMBOL",
      "NUMBER",
      "PERCENT_NUMBER",
      "E_NOTATION",
      "E_NOTATION_E",
      "DIFFERENTIAL",
      "CMD_FRAC",
      "CMD_BINOM",
      "CMD_MATRIX_START",
      "CMD_ARRAY_START",
      "CMD_DET_START",
    ].includes(token.kind);
  }

  postfix(isNoFunction: boolean): MathValue {
    let value = this.power(isNoFunction);
    for (;;) {
      if (this.isAt("BANG")) {
        this.position++;
        value = { type: "function", name: "factorial", args: [value], isUndefined: false };
      } else if (this.isAt("TRANSPOSE")) {
        this.position++;
        if (value.type === "matrix") {
          const rows = value.rows;
          value = {
            type: "matrix",
            rows: (rows[0] ?? []).map((_, column) => rows.map((row) => row[column] ?? integer(0))),
          };
        }
      } else if (this.isAt("DEGREE")) {
        this.position++;
      } else {
        return value;
      }
    }
  }

  power(isNoFunction: boolean): MathValue {
    let base = this.component(isNoFunction);
    while (this.isAt("CARET")) {
      this.position++;
      const exponent = this.braceOrAtom();
      if (this.isAt("UNDERSCORE")) this.subscriptText();
      base = { type: "pow", base, exponent };
    }
    return base;
  }

  /** `{expr}` or an atom, as after `^` and `_`. */
  braceOrAtom(): MathValue {
    if (this.isAt("L_BRACE")) {
      this.position++;
      const value = this.expr();
      this.expect("R_BRACE");
      return value;
    }
    return this.atom();
  }

  /** Reads `_…` and returns its text (the grammar's subexpr: an atom or `{expr | args}`). */
  subscriptText(): string {
    this.expect("UNDERSCORE");
    const start = this.position;
    if (this.isAt("L_BRACE")) {
      this.position++;
      const inner = this.position;
      this.expr();
      while (this.isAt("COMMA")) {
        this.position++;
        this.expr();
      }
      const text = this.textOf(inner, this.position);
      this.expect("R_BRACE");
      return text;
    }
    this.atom();
    return this.textOf(start, this.position);
  }

  private group(close: string): MathValue {
    this.position++;
    const value = this.expr();
    this.expect(close);
    return value;
  }

  component(isNoFunction: boolean): MathValue {
    const token = this.peek();
    if (token === undefined) throw new LatexSyntaxError("unexpected end");
    const close = GROUP_PAIRS[token.kind];
    if (close !== undefined) return this.group(close);
    switch (token.kind) {
      case "PHANTOM_CMD":
      case "BOXED_CMD": {
        this.position++;
        return this.group("R_BRACE");
      }
      case "BAR":
      case "L_VERT":
      case "VERT": {
        this.position++;
        this.barDepth++;
        const inner = this.expr();
        this.barDepth--;
        this.expect(token.kind === "L_VERT" ? "R_VERT" : token.kind);
        return { type: "function", name: "Abs", args: [inner], isUndefined: false };
      }
      case "L_FLOOR":
      case "LL_CORNER":
      case "L_CEIL":
      case "UL_CORNER": {
        this.position++;
        const inner = this.expr();
        const isFloor = token.kind === "L_FLOOR" || token.kind === "LL_CORNER";
        this.expect(
          { L_FLOOR: "R_FLOOR", LL_CORNER: "LR_CORNER", L_CEIL: "R_CEIL", UL_CORNER: "UR_CORNER" }[
            token.kind
          ],
        );
        return { type: "function", name: isFloor ? "floor" : "ceiling", args: [inner], isUndefined: false };
      }
      case "CMD_FRAC":
        return this.fraction();
      case "CMD_BINOM": {
        this.position++;
        const top = this.group("R_BRACE");
        if (!this.isAt("L_BRACE")) throw new LatexSyntaxError("binom needs two groups");
        const bottom = this.group("R_BRACE");
        return binomial(top, bottom);
      }
      case "CMD_MATRIX_START":
      case "CMD_ARRAY_START":
      case "CMD_DET_START":
        return this.matrix();
      case "NORM":
      case "L_ANGLE":
        throw new LatexSyntaxError(`${token.kind} is not converted`);
      default:
        break;
    }
    if (!isNoFunction) {
      const call = addFunctionCall(this);
      if (call !== undefined) return call;
    }
    return this.atom();
  }

  private fraction(): MathValue {
    this.expect("CMD_FRAC");
    this.expect("L_BRACE");
    const topStart = this.position;
    const top = this.expr();
    const topEnd = this.position;
    this.expect("R_BRACE");
    this.expect("L_BRACE");
    const bottomStart = this.position;
    const bottom = this.expr();
    const bottomTokens = this.tokens.slice(bottomStart, this.position);
    this.expect("R_BRACE");
    const isDerivative =
      (bottomTokens.length === 1 && bottomTokens[0]?.kind === "DIFFERENTIAL") ||
      (bottomTokens.length === 2 && bottomTokens[0]?.text === "\\partial");
    if (isDerivative && topEnd > topStart) throw new LatexSyntaxError("derivatives are not converted");
    if (top.type === "matrix" || bottom.type === "matrix") throw new LatexSyntaxError("matrix fraction");
    if (isInteger(top) && isInteger(bottom)) return rational(top.value.numerator, bottom.value.numerator);
    return { type: "mul", args: [top, { type: "pow", base: bottom, exponent: MINUS_ONE }] };
  }

  private matrix(): MathValue {
    const start = this.peek()?.kind ?? "";
    this.position++;
    const end =
      { CMD_MATRIX_START: "CMD_MATRIX_END", CMD_ARRAY_START: "CMD_ARRAY_END", CMD_DET_START: "CMD_DET_END" }[
        start
      ] ?? "";
    const rows: MathValue[][] = [];
    for (;;) {
      const row = [this.expr()];
      while (this.isAt("MATRIX_DEL_COL")) {
        this.position++;
        row.push(this.expr());
      }
      rows.push(row);
      if (!this.isAt("MATRIX_DEL_ROW")) break;
      this.position++;
      if (this.isAt(end)) break;
    }
    this.expect(end);
    if (rows.some((row) => row.length !== rows[0]?.length)) throw new LatexSyntaxError("ragged matrix");
    if (start === "CMD_DET_START") throw new LatexSyntaxError("determinants are not converted");
    return { type: "matrix", rows };
  }

  atom(): MathValue {
    const token = this.peek();
    if (token === undefined) throw new LatexSyntaxError("unexpected end");
    if (ATOM_EXPR_HEADS.has(token.kind)) return this.atomExpression();
    this.position++;
    switch (token.kind) {
      case "SYMBOL":
        if (token.text.replace("\\$", "").replace("\\%", "").replace("%", "") === "\\infty")
          return { type: "constant", name: "oo" };
        throw new LatexSyntaxError("Unrecognized symbol");
      case "NUMBER": {
        const value = numberFromText(token.text);
        if (this.isAt("UNDERSCORE")) this.subscriptText();
        return value;
      }
      case "E_NOTATION":
        return numberFromText(token.text);
      case "E_NOTATION_E":
        return { type: "symbol", name: "e" };
      case "DIFFERENTIAL": {
        const name = token.text.slice(1).trim().replace(/^\\/, "");
        return { type: "symbol", name: `d${name}` };
      }
      case "PERCENT_NUMBER":
        return percentOf(
          numberFromText(token.text.replace("\\%", "").replace("%", "").replace(/,/g, "").trim()),
        );
      default:
        throw new LatexSyntaxError(`unexpected ${token.kind}`);
    }
  }

  /** atom_expr: a letter, Greek letter, symbol or accent with optional `_sub` and `^sup`. */
  atomExpression(allowSuperscript = true): MathValue {
    const head = this.peek();
    if (head === undefined) throw new LatexSyntaxError("unexpected end");
    this.position++;
    let subscript: string | undefined;
    let exponent: MathValue | undefined;
    for (let index = 0; index < 2; index++) {
      if (subscript === undefined && this.isAt("UNDERSCORE")) subscript = this.subscriptText();
      else if (allowSuperscript && exponent === undefined && this.isAt("CARET")) {
        this.position++;
        exponent = this.braceOrAtom();
      }
    }
    const symbol = symbolFromText(head, subscript);
    return exponent === undefined ? symbol : { type: "pow", base: symbol, exponent };
  }
}

function binomial(top: MathValue, bottom: MathValue): MathValue {
  if (isInteger(top) && isInteger(bottom)) {
    const n = top.value.numerator;
    const k = bottom.value.numerator;
    if (k < 0n || (n >= 0n && k > n)) return integer(0);
    let result = 1n;
    for (let index = 0n; index < k; index++) result = (result * (n - index)) / (index + 1n);
    return integer(result);
  }
  return { type: "function", name: "binomial", args: [top, bottom], isUndefined: false };
}
