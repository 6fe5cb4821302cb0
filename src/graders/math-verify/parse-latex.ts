// latex2sympy2_extended's entry rule `math`: comma/semicolon element lists, sets, intervals, tuples and `x \in …` forms.
// Facts read in huggingface/latex2sympy2_extended src/latex2sympy2_extended/{PS.g4,latex2sympy2.py}@08735067b667bb8fb5beb9ef1cbc77d06bae3660
import { evaluateNumerically, freeSymbols } from "./evaluate-math-value.js";
import { numberFromText } from "./latex-conversions.js";
import { LatexExpressionParser } from "./latex-expression-parser.js";
import { LatexSyntaxError, lexLatex } from "./latex-lexer.js";
import { addFlat, interval, type MathValue, MINUS_ONE, rational } from "./math-value.js";

const INTERVAL_OPENERS = new Set(["L_BRACKET", "L_PAREN", "L_PAREN_VISUAL", "L_BRACK", "L_GROUP"]);
const INTERVAL_CLOSERS = new Set(["R_BRACKET", "R_PAREN", "R_PAREN_VISUAL", "R_BRACK", "R_GROUP"]);
const TUPLE_PAIRS: Readonly<Record<string, string>> = {
  L_PAREN: "R_PAREN",
  L_PAREN_VISUAL: "R_PAREN_VISUAL",
  L_BRACKET: "R_BRACKET",
};
const SET_PAIRS: Readonly<Record<string, string>> = { L_BRACE: "R_BRACE", L_BRACE_VISUAL: "R_BRACE_VISUAL" };
const LITERAL_SETS: Readonly<Record<string, MathValue>> = {
  SET_NATURALS: { type: "special-set", name: "Naturals" },
  SET_INTEGERS: { type: "special-set", name: "Integers" },
  SET_RATIONALS: { type: "special-set", name: "Rationals" },
  SET_REALS: { type: "special-set", name: "Reals" },
  SET_COMPLEX: { type: "special-set", name: "Complexes" },
  SET_EMPTY: { type: "special-set", name: "EmptySet" },
};
const COMMA_NUMBER = /^\s*-?\d{1,3}(,\d{3})+(\.\d+)?\s*$/;

type Elements = MathValue[][];

/** as_unary_minus: a rational is negated, anything else becomes -1 · x. */
function unaryMinus(value: MathValue): MathValue {
  if (value.type === "number") return rational(-value.value.numerator, value.value.denominator);
  return { type: "mul", args: [MINUS_ONE, value] };
}

function toSetOrTuple(elements: Elements): MathValue {
  const [first] = elements;
  if (elements.length === 1 && first !== undefined) {
    const [only] = first;
    return first.length === 1 && only !== undefined ? only : { type: "finite-set", elements: first };
  }
  if (elements.every((group) => group.length === 1)) return { type: "finite-set", elements: elements.flat() };
  return { type: "finite-set", elements: elements.map((group) => ({ type: "tuple", elements: group })) };
}

/** True when both ends are plain numbers and `right (<|<=) left`; symbols make the comparison unknown. */
function isBackwards(left: MathValue, right: MathValue, isStrict: boolean): boolean {
  if (freeSymbols(left).size > 0 || freeSymbols(right).size > 0) return false;
  const start = evaluateNumerically(left);
  const end = evaluateNumerically(right);
  if (Number.isNaN(start) || Number.isNaN(end)) return false;
  return isStrict ? end < start : end <= start;
}

class MathParser extends LatexExpressionParser {
  private readonly closers: string[] = [];

  /** Runs `read`; on a syntax error, or when `accept` rejects the result, restores the position. */
  attempt<T>(read: () => T, accept: () => boolean = () => true): T | undefined {
    const saved = this.position;
    try {
      const value = read();
      if (accept()) return value;
    } catch (error) {
      if (!(error instanceof LatexSyntaxError)) throw error;
    }
    this.position = saved;
    return undefined;
  }

  private isAtElementEnd(): boolean {
    const kind = this.peek()?.kind;
    return kind === undefined || kind === "COMMA" || kind === "SEMICOLON" || kind === this.closers.at(-1);
  }

  private plusMinus(): MathValue[] {
    if (this.isAt("PLUS_MINUS")) {
      this.position++;
      const value = this.expr();
      return [unaryMinus(value), value];
    }
    const left = this.expr();
    this.expect("PLUS_MINUS");
    const right = this.expr();
    return [addFlat(left, right), addFlat(left, unaryMinus(right))];
  }

  private element(allowRelation: boolean): MathValue[] {
    const accept = () => this.isAtElementEnd();
    const plusMinus = this.attempt(() => this.plusMinus(), accept);
    if (plusMinus) return plusMinus;
    const setAtom = this.attempt(() => this.setAtom(), accept);
    if (setAtom) return [setAtom];
    const value = allowRelation ? this.relation() : this.expr();
    if (!this.isAtElementEnd()) throw new LatexSyntaxError("element does not end");
    return [value];
  }

  elements(allowRelation: boolean): Elements {
    const groups: Elements = [];
    for (;;) {
      const group = this.element(allowRelation);
      while (this.isAt("COMMA")) {
        this.position++;
        group.push(...this.element(allowRelation));
      }
      groups.push(group);
      if (!this.isAt("SEMICOLON")) return groups;
      this.position++;
    }
  }

  private enclosed<T>(close: string, read: () => T): T {
    this.position++;
    this.closers.push(close);
    try {
      const value = read();
      this.expect(close);
      return value;
    } finally {
      this.closers.pop();
    }
  }

  private intervalAtom(): MathValue {
    const open = this.peek()?.kind ?? "";
    if (!INTERVAL_OPENERS.has(open)) throw new LatexSyntaxError("not an interval");
    this.position++;
    const start = this.expr();
    this.expect("COMMA");
    const end = this.expr();
    const close = this.peek()?.kind ?? "";
    if (!INTERVAL_CLOSERS.has(close)) throw new LatexSyntaxError("not an interval");
    this.position++;
    const isLeftOpen = open === "L_PAREN" || open === "L_GROUP" || open === "L_PAREN_VISUAL";
    const isRightOpen = close === "R_PAREN" || close === "R_GROUP" || close === "R_PAREN_VISUAL";
    if (isLeftOpen && isRightOpen && isBackwards(start, end, false))
      return { type: "tuple", elements: [start, end] };
    if (!isLeftOpen && !isRightOpen && isBackwards(start, end, true))
      return { type: "tuple", elements: [start, end] };
    return interval(start, end, isLeftOpen, isRightOpen);
  }

  setAtom(): MathValue {
    const kind = this.peek()?.kind ?? "";
    const asInterval = this.attempt(() => this.intervalAtom());
    if (asInterval) return asInterval;
    const literal = LITERAL_SETS[kind];
    if (literal) {
      this.position++;
      return literal;
    }
    if (kind === "L_BRACE" && this.isAt("R_BRACE", 1)) {
      this.position += 2;
      return { type: "special-set", name: "EmptySet" };
    }
    const tupleClose = TUPLE_PAIRS[kind];
    if (tupleClose) {
      const elements = this.enclosed(tupleClose, () => this.elements(true));
      const [first] = elements;
      const [only] = first ?? [];
      if (elements.length === 1 && first?.length === 1 && only !== undefined) return only;
      return { type: "tuple", elements: elements.flat() };
    }
    const setClose = SET_PAIRS[kind];
    if (setClose)
      return { type: "finite-set", elements: this.enclosed(setClose, () => this.elements(true)).flat() };
    if (kind === "BOXED_CMD") {
      this.position++;
      if (!this.isAt("L_BRACE")) throw new LatexSyntaxError("boxed needs braces");
      return toSetOrTuple(this.enclosed("R_BRACE", () => this.elements(true)));
    }
    throw new LatexSyntaxError("not a set atom");
  }

  private setGroup(): MathValue {
    if (this.isAt("L_PAREN")) {
      const grouped = this.attempt(() => this.enclosed("R_PAREN", () => this.setDifference()));
      if (grouped) return grouped;
    }
    return this.setAtom();
  }

  private setOperation(operator: "union" | "intersection", kind: string, next: () => MathValue): MathValue {
    let left = next();
    while (this.isAt(kind)) {
      this.position++;
      const right = next();
      const asSet = (value: MathValue): MathValue =>
        value.type === "tuple" ? { type: "finite-set", elements: value.elements } : value;
      left = { type: "set-operation", operator, args: [asSet(left), asSet(right)] };
    }
    return left;
  }

  setDifference(): MathValue {
    const union = () =>
      this.setOperation("union", "UNION", () =>
        this.setOperation("intersection", "INTERSECTION", () => this.setGroup()),
      );
    let left = union();
    while (this.isAt("SET_MINUS")) {
      this.position++;
      left = { type: "set-operation", operator: "complement", args: [left, union()] };
    }
    return left;
  }

  /** atom_expr_list: `x` or `(x, y)`. */
  atomList(): MathValue {
    if (this.isAt("L_PAREN")) {
      const atoms = this.enclosed("R_PAREN", () => {
        const list = [this.atomExpression()];
        while (this.isAt("COMMA")) {
          this.position++;
          list.push(this.atomExpression());
        }
        return list;
      });
      const [only] = atoms;
      return atoms.length === 1 && only !== undefined ? only : { type: "tuple", elements: atoms };
    }
    if (!["LETTER_NO_E", "GREEK_CMD", "OTHER_SYMBOL_CMD", "ACCENT"].includes(this.peek()?.kind ?? "")) {
      throw new LatexSyntaxError("not an atom");
    }
    return this.atomExpression();
  }

  setRelation(): MathValue {
    const relation = this.attempt(() => {
      const left = this.atomList();
      if (this.isAt("NOTIN")) throw new LatexSyntaxError("\\notin is not converted");
      if (!this.isAt("IN") && !this.isAt("ASSIGNMENT")) throw new LatexSyntaxError("no relation");
      this.position++;
      return { type: "relation", operator: "=", lhs: left, rhs: this.setRelation() } as MathValue;
    });
    if (relation) return relation;
    const value = this.setDifference();
    if (this.isAt("SUBSET") || this.isAt("SUPSET"))
      throw new LatexSyntaxError("subset relations are not converted");
    return value;
  }

  isAtEnd(): boolean {
    return this.position >= this.tokens.length;
  }
}

/** convert_number: `0,111` is 0.111; `1,234` is 1234. */
function commaNumber(latex: string): MathValue {
  const text = latex.includes(",") && latex.startsWith("0") ? latex.replace(/,/g, ".") : latex;
  const digits = text.replace(/[, ]/g, "").replace(/^0+/, "");
  return numberFromText(digits === "" ? "0" : digits);
}

/**
 * latex2sympy(latex, normalization_config=None): the MathValue of normalised LaTeX. Throws LatexSyntaxError where the
 * reference's parser fails.
 */
export function parseLatex(latex: string): MathValue {
  // The parser backtracks by throwing; stack traces would cost more than the parse itself.
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return parseTokens(latex);
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
}

function parseTokens(latex: string): MathValue {
  const tokens = lexLatex(latex);
  if (tokens.length === 0) throw new LatexSyntaxError("empty");
  const parser = new MathParser(tokens, parseLatex);
  const atEnd = () => parser.isAtEnd();
  const elementsRelation = parser.attempt(() => {
    const left = parser.atomList();
    if (!parser.isAt("IN") && !parser.isAt("ASSIGNMENT")) throw new LatexSyntaxError("no relation");
    parser.position++;
    return {
      type: "relation",
      operator: "=",
      lhs: left,
      rhs: toSetOrTuple(parser.elements(false)),
    } as MathValue;
  }, atEnd);
  if (elementsRelation) return elementsRelation;
  const elements = parser.attempt(() => parser.elements(true), atEnd);
  if (elements) {
    if (COMMA_NUMBER.test(latex)) return commaNumber(latex);
    return toSetOrTuple(elements);
  }
  const setRelation = parser.attempt(() => parser.setRelation(), atEnd);
  if (setRelation) return setRelation;
  throw new LatexSyntaxError("nothing matched");
}
