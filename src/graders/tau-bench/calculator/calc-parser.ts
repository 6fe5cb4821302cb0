// Parses a `calculate` expression as CPython 3.11's `eval` would, down to which SyntaxError it reports: a tokenizer
// error anywhere wins; a `(` left open wins when the parser reaches the end; otherwise a second pass looks for the
// specific errors ("Perhaps you forgot a comma?" inside brackets, a starred expression in a group) before falling
// back to "invalid syntax".
import { type CalcToken, NEVER_CLOSED, tokenizeCalc } from "./calc-tokens.js";
import type { BinaryOperator } from "./calc-values.js";

export type CalcNode =
  | { readonly kind: "number"; readonly text: string; readonly isFloat: boolean }
  | { readonly kind: "tuple" }
  | { readonly kind: "ellipsis" }
  | { readonly kind: "unary"; readonly operator: "+" | "-"; readonly operand: CalcNode }
  | {
      readonly kind: "binary";
      readonly operator: BinaryOperator;
      readonly left: CalcNode;
      readonly right: CalcNode;
    }
  | { readonly kind: "call"; readonly callee: CalcNode; readonly argument?: CalcArgument };

/** A call's single argument (commas cannot be typed): plain, `*iterable` or `**mapping`. */
export interface CalcArgument {
  readonly stars: 0 | 1 | 2;
  readonly value: CalcNode;
}

/** Python's SyntaxError: `message` is its str(), location included. */
export class CalcSyntaxError extends Error {}

const INT_DIGIT_LIMIT = 4300;

/** A parse that cannot continue from here (PEG backtracking, not yet an error). */
class NoParse extends Error {}

function syntaxError(message: string, line = 1): CalcSyntaxError {
  return new CalcSyntaxError(`${message} (<string>, line ${line})`);
}

class CalcParser {
  readonly #tokens: readonly CalcToken[];
  readonly #isSecondPass: boolean;
  #position = 0;
  /** Inside the `b` of the comma check, which runs without the second pass's checks (`expression_without_invalid`). */
  #isQuiet = false;

  constructor(tokens: readonly CalcToken[], isSecondPass: boolean) {
    this.#tokens = tokens;
    this.#isSecondPass = isSecondPass;
  }

  /** The next token; reaching the tokenizer's error (an open `(` at the end) raises it. */
  #peek(): CalcToken {
    const token = this.#tokens[this.#position] ?? { kind: "end", level: 0 };
    if (token.kind === "error") throw syntaxError(token.message);
    return token;
  }

  #isOp(text: string): boolean {
    const token = this.#peek();
    return token.kind === "op" && token.text === text;
  }

  #expect(text: string): void {
    if (!this.#isOp(text)) throw new NoParse();
    this.#position += 1;
  }

  /** The whole input: one expression, then the end. */
  parseInput(): CalcNode {
    const node = this.#expression();
    if (this.#peek().kind !== "end") throw new NoParse();
    return node;
  }

  #checksActive(): boolean {
    return this.#isSecondPass && !this.#isQuiet;
  }

  #expression(): CalcNode {
    const node = this.#sum();
    if (this.#checksActive()) this.#checkMissingComma();
    return node;
  }

  /** After a complete expression, another one ending inside brackets: Python suggests a forgotten comma. */
  #checkMissingComma(): void {
    const start = this.#position;
    this.#isQuiet = true;
    try {
      this.#sum();
      const last = this.#tokens[this.#position - 1];
      if (last !== undefined && last.level !== 0) {
        throw syntaxError("invalid syntax. Perhaps you forgot a comma?");
      }
    } catch (error) {
      if (!(error instanceof NoParse)) throw error;
    } finally {
      this.#isQuiet = false;
      this.#position = start;
    }
  }

  #sum(): CalcNode {
    let node = this.#term();
    for (;;) {
      const token = this.#peek();
      if (token.kind !== "op" || (token.text !== "+" && token.text !== "-")) return node;
      const start = this.#position;
      this.#position += 1;
      try {
        node = { kind: "binary", operator: token.text, left: node, right: this.#term() };
      } catch (error) {
        if (!(error instanceof NoParse)) throw error;
        this.#position = start;
        return node;
      }
    }
  }

  #term(): CalcNode {
    let node = this.#factor();
    for (;;) {
      const token = this.#peek();
      if (token.kind !== "op" || !["*", "/", "//"].includes(token.text)) return node;
      const start = this.#position;
      this.#position += 1;
      try {
        node = { kind: "binary", operator: token.text as BinaryOperator, left: node, right: this.#factor() };
      } catch (error) {
        if (!(error instanceof NoParse)) throw error;
        this.#position = start;
        return node;
      }
    }
  }

  #factor(): CalcNode {
    const token = this.#peek();
    if (token.kind === "op" && (token.text === "+" || token.text === "-")) {
      this.#position += 1;
      return { kind: "unary", operator: token.text, operand: this.#factor() };
    }
    return this.#power();
  }

  #power(): CalcNode {
    const base = this.#primary();
    if (!this.#isOp("**")) return base;
    const start = this.#position;
    this.#position += 1;
    try {
      return { kind: "binary", operator: "**", left: base, right: this.#factor() };
    } catch (error) {
      if (!(error instanceof NoParse)) throw error;
      this.#position = start;
      return base;
    }
  }

  #primary(): CalcNode {
    let node = this.#atom();
    for (;;) {
      if (this.#isOp(".")) {
        // An attribute needs a name, which cannot be typed here; looking for it still reads the next token.
        this.#position += 1;
        this.#peek();
        this.#position -= 1;
        return node;
      }
      if (!this.#isOp("(")) return node;
      const start = this.#position;
      this.#position += 1;
      try {
        const argument = this.#isOp(")") ? undefined : this.#argument();
        this.#expect(")");
        node =
          argument === undefined ? { kind: "call", callee: node } : { kind: "call", callee: node, argument };
      } catch (error) {
        if (!(error instanceof NoParse)) throw error;
        this.#position = start;
        return node;
      }
    }
  }

  #argument(): CalcArgument {
    const stars = this.#isOp("**") ? 2 : this.#isOp("*") ? 1 : 0;
    if (stars > 0) this.#position += 1;
    return { stars, value: this.#expression() };
  }

  #atom(): CalcNode {
    const token = this.#peek();
    if (token.kind === "number") {
      this.#position += 1;
      const digits = token.text.length;
      if (!token.isFloat && digits > INT_DIGIT_LIMIT) {
        throw syntaxError(
          `Exceeds the limit (${INT_DIGIT_LIMIT} digits) for integer string conversion: value has ${digits} digits; use sys.set_int_max_str_digits() to increase the limit - Consider hexadecimal for huge integer literals to avoid decimal conversion limits.`,
        );
      }
      return { kind: "number", text: token.text, isFloat: token.isFloat };
    }
    if (token.kind === "op" && token.text === "...") {
      this.#position += 1;
      return { kind: "ellipsis" };
    }
    if (token.kind === "op" && token.text === "(") return this.#group();
    throw new NoParse();
  }

  #group(): CalcNode {
    const start = this.#position;
    this.#position += 1;
    if (this.#isOp(")")) {
      this.#position += 1;
      return { kind: "tuple" };
    }
    if (this.#isOp("*") || this.#isOp("**")) {
      this.#starredGroup(start);
      throw new NoParse();
    }
    const node = this.#expression();
    this.#expect(")");
    return node;
  }

  /**
   * `(*x)` is never valid without a comma, but Python parses `x` (as a tuple's first item) before failing; the second
   * pass names the error: "cannot use starred expression here" (`(**x)` only there: "double starred").
   */
  #starredGroup(start: number): void {
    const isDouble = this.#isOp("**");
    if (isDouble && !this.#checksActive()) return;
    this.#position += 1;
    try {
      this.#expression();
      if (this.#checksActive() && this.#isOp(")")) {
        throw syntaxError(`cannot use ${isDouble ? "double starred" : "starred"} expression here`);
      }
      if (!isDouble) this.#peek();
    } catch (error) {
      if (!(error instanceof NoParse)) throw error;
    } finally {
      this.#position = start + 1;
    }
  }
}

/** The expression's syntax tree, or the SyntaxError Python would raise. */
export function parseCalc(source: string): CalcNode {
  const tokens = tokenizeCalc(source);
  const last = tokens.at(-1);
  // An unmatched `)` or a leading-zero int stops Python's tokenizer wherever it is, and that error is reported.
  if (last?.kind === "error" && last.message !== NEVER_CLOSED) throw syntaxError(last.message);
  if (tokens.length === 1 && last?.kind === "end") throw syntaxError("invalid syntax", 0);
  try {
    return new CalcParser(tokens, false).parseInput();
  } catch (error) {
    if (!(error instanceof NoParse)) throw error;
  }
  try {
    new CalcParser(tokens, true).parseInput();
  } catch (error) {
    if (!(error instanceof NoParse)) throw error;
  }
  throw syntaxError("invalid syntax");
}
