// Python's `eval` of an expression made only of digits, `+ - * / ( ) .` and spaces (all `calculate` lets through):
// CPython 3.11's tokenizer and grammar restricted to what those characters can spell — int and float literals,
// `...`, `()`, the operators with Python's precedence (`**` binds tighter than a unary sign on its left), calls
// (`2(3)` is a call of an int) — and its SyntaxError messages: a tokenizer error (a leading zero, an unmatched or
// unclosed parenthesis) wins over a parse error, and two expressions side by side inside parentheses get the
// "Perhaps you forgot a comma?" hint.
import { PythonException } from "../tau-tool.js";
import {
  type CalcOperator,
  type CalcValue,
  calcBinary,
  calcFloat,
  calcInt,
  calcStr,
  calcUnary,
} from "./calculator-values.js";

type Token =
  | { readonly type: "number"; readonly text: string; readonly isFloat: boolean }
  | { readonly type: "operator"; readonly text: "+" | "-" | "*" | "/" | "//" | "**" | "(" | ")" }
  | { readonly type: "ellipsis" | "dot" }
  /** The end; `unclosed` when a `(` is still open (CPython raises when its parser asks for this token). */
  | { readonly type: "end"; readonly unclosed: boolean };

type Expression =
  | { readonly type: "constant"; readonly value: CalcValue }
  | { readonly type: "unary"; readonly operator: "+" | "-"; readonly operand: Expression }
  | {
      readonly type: "binary";
      readonly operator: CalcOperator;
      readonly left: Expression;
      readonly right: Expression;
    }
  | { readonly type: "call"; readonly callee: Expression; readonly argument: CallArgument | undefined };

/** A call's one possible argument: `f(x)`, `f(*x)` or `f(**x)` (no commas can be typed). */
interface CallArgument {
  readonly unpack: "" | "*" | "**";
  readonly value: Expression;
}

/** CPython's limit on nested parentheses (`MAXLEVEL`). */
const MAX_NESTING = 200;

function syntaxError(message: string, line = 1): PythonException {
  return new PythonException("SyntaxError", `${message} (<string>, line ${line})`);
}

const isDigit = (character: string | undefined): boolean =>
  character !== undefined && character >= "0" && character <= "9";

function digitsFrom(text: string, start: number): number {
  let end = start;
  while (isDigit(text[end])) end += 1;
  return end;
}

/** A number literal at `start` (a digit, or a `.` before one): its token and where it ends. */
function readNumber(text: string, start: number): { token: Token; end: number } {
  const wholeEnd = digitsFrom(text, start);
  if (text[wholeEnd] === ".") {
    const end = digitsFrom(text, wholeEnd + 1);
    return { token: { type: "number", text: text.slice(start, end), isFloat: true }, end };
  }
  const literal = text.slice(start, wholeEnd);
  // `0`, `00` are fine; `01` is not (Python 2's octal), unless it turns out to be a float like `01.5`.
  if (/^0+[1-9]/.test(literal)) {
    throw syntaxError(
      "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers",
    );
  }
  return { token: { type: "number", text: literal, isFloat: false }, end: wholeEnd };
}

/**
 * The tokens of the expression, or the tokenizer's SyntaxError (the first one met, left to right; it wins over any
 * parse error, as CPython's full-source tokenizer check makes it).
 */
function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let depth = 0;
  let index = 0;
  while (index < text.length) {
    const character = text[index];
    const next = text[index + 1];
    if (character === " ") {
      index += 1;
    } else if (isDigit(character) || (character === "." && isDigit(next))) {
      const { token, end } = readNumber(text, index);
      tokens.push(token);
      index = end;
    } else if (character === ".") {
      const isEllipsis = next === "." && text[index + 2] === ".";
      tokens.push({ type: isEllipsis ? "ellipsis" : "dot" });
      index += isEllipsis ? 3 : 1;
    } else if ((character === "*" || character === "/") && next === character) {
      tokens.push({ type: "operator", text: character === "*" ? "**" : "//" });
      index += 2;
    } else if (character === "(") {
      if (depth >= MAX_NESTING) throw syntaxError("too many nested parentheses");
      depth += 1;
      tokens.push({ type: "operator", text: "(" });
      index += 1;
    } else if (character === ")") {
      if (depth === 0) throw syntaxError("unmatched ')'");
      depth -= 1;
      tokens.push({ type: "operator", text: ")" });
      index += 1;
    } else if (character === "+" || character === "-" || character === "*" || character === "/") {
      tokens.push({ type: "operator", text: character });
      index += 1;
    } else {
      throw syntaxError("invalid syntax");
    }
  }
  tokens.push({ type: "end", unclosed: depth > 0 });
  return tokens;
}

function isOperator(token: Token, ...texts: string[]): boolean {
  return token.type === "operator" && texts.includes(token.text);
}

/** A recursive-descent parser of Python's `sum`/`term`/`factor`/`power`/`primary`/`atom` rules. */
class Parser {
  private position = 0;
  private readonly tokens: readonly Token[];

  constructor(tokens: readonly Token[]) {
    this.tokens = tokens;
  }

  parse(): Expression {
    const expression = this.sum();
    if (this.peek().type !== "end") this.failAfterExpression(false);
    return expression;
  }

  /** The next token; reaching the end with a `(` open is CPython's "never closed" error. */
  private peek(): Token {
    const token = this.tokens[this.position] ?? { type: "end", unclosed: false };
    if (token.type === "end" && token.unclosed) throw syntaxError("'(' was never closed");
    return token;
  }

  /**
   * A complete expression followed by something that cannot follow it. CPython's error pass then tries to read a
   * second expression there ("a b"): it reads as far as that one goes (which may reach an unclosed end), and
   * only inside parentheses does it blame a missing comma.
   */
  private failAfterExpression(insideParentheses: boolean): never {
    const next = this.peek();
    if (next.type === "number" || next.type === "ellipsis") {
      try {
        this.sum();
      } catch (error) {
        // The parser backtracks from a failed parse, but not from the tokenizer's error at an unclosed end.
        if (error instanceof PythonException && error.message.startsWith("'(' was never closed")) throw error;
      }
      if (insideParentheses) throw syntaxError("invalid syntax. Perhaps you forgot a comma?");
    }
    throw syntaxError("invalid syntax");
  }

  private take(): Token {
    const token = this.peek();
    this.position += 1;
    return token;
  }

  private sum(): Expression {
    let left = this.term();
    for (let token = this.peek(); isOperator(token, "+", "-"); token = this.peek()) {
      this.take();
      left = { type: "binary", operator: isOperator(token, "+") ? "+" : "-", left, right: this.term() };
    }
    return left;
  }

  private term(): Expression {
    let left = this.factor();
    for (let token = this.peek(); isOperator(token, "*", "/", "//"); token = this.peek()) {
      this.take();
      const operator: CalcOperator = isOperator(token, "//") ? "//" : isOperator(token, "/") ? "/" : "*";
      left = { type: "binary", operator, left, right: this.factor() };
    }
    return left;
  }

  private factor(): Expression {
    const token = this.peek();
    if (isOperator(token, "+", "-")) {
      this.take();
      return { type: "unary", operator: isOperator(token, "+") ? "+" : "-", operand: this.factor() };
    }
    return this.power();
  }

  private power(): Expression {
    const base = this.primary();
    if (!isOperator(this.peek(), "**")) return base;
    this.take();
    return { type: "binary", operator: "**", left: base, right: this.factor() };
  }

  private primary(): Expression {
    let expression = this.atom();
    for (let next = this.peek(); isOperator(next, "(") || next.type === "dot"; next = this.peek()) {
      this.take();
      if (next.type === "dot") {
        // An attribute access (`1 .x`) reads the name after the dot; only digits can follow, so it fails.
        this.peek();
        throw syntaxError("invalid syntax");
      }
      const argument = isOperator(this.peek(), ")") ? undefined : this.callArgument();
      this.closeParenthesis();
      expression = { type: "call", callee: expression, argument };
    }
    return expression;
  }

  private atom(): Expression {
    const token = this.take();
    if (token.type === "number") {
      const value = token.isFloat ? calcFloat(Number(token.text)) : calcInt(BigInt(token.text));
      return { type: "constant", value };
    }
    if (token.type === "ellipsis") return { type: "constant", value: { kind: "ellipsis" } };
    if (isOperator(token, "(")) {
      if (isOperator(this.peek(), ")")) {
        this.take();
        return { type: "constant", value: { kind: "tuple" } };
      }
      if (isOperator(this.peek(), "*")) {
        // `(*x)` parses as far as a starred item goes, then is refused: a lone starred item is no tuple.
        this.take();
        this.sum();
        if (isOperator(this.peek(), ")")) throw syntaxError("cannot use starred expression here");
        throw syntaxError("invalid syntax");
      }
      const inner = this.parenthesized();
      this.closeParenthesis();
      return inner;
    }
    throw syntaxError("invalid syntax");
  }

  private callArgument(): CallArgument {
    const token = this.peek();
    if (isOperator(token, "*", "**")) {
      this.take();
      return { unpack: isOperator(token, "*") ? "*" : "**", value: this.parenthesized() };
    }
    return { unpack: "", value: this.parenthesized() };
  }

  /** An expression inside parentheses, where another one right after it earns Python's comma hint. */
  private parenthesized(): Expression {
    const expression = this.sum();
    if (!isOperator(this.peek(), ")")) this.failAfterExpression(true);
    return expression;
  }

  private closeParenthesis(): void {
    if (!isOperator(this.take(), ")")) throw syntaxError("invalid syntax");
  }
}

function evaluate(expression: Expression): CalcValue {
  switch (expression.type) {
    case "constant":
      return expression.value;
    case "unary":
      return calcUnary(expression.operator, evaluate(expression.operand));
    case "binary": {
      const left = evaluate(expression.left);
      return calcBinary(expression.operator, left, evaluate(expression.right));
    }
    case "call": {
      // Python evaluates the callee and its argument (and unpacks it) before it finds the callee is not callable.
      const callee = evaluate(expression.callee);
      const argument = expression.argument;
      if (argument !== undefined) {
        const value = evaluate(argument.value);
        if (argument.unpack === "*" && value.kind !== "tuple") {
          throw new PythonException(
            "TypeError",
            `${calcStr(callee)} argument after * must be an iterable, not ${value.kind}`,
          );
        }
        if (argument.unpack === "**") {
          throw new PythonException(
            "TypeError",
            `${calcStr(callee)} argument after ** must be a mapping, not ${value.kind}`,
          );
        }
      }
      throw new PythonException("TypeError", `'${callee.kind}' object is not callable`);
    }
  }
}

/**
 * `eval(text)` for text of the allowed characters: its value, or the PythonException CPython 3.11 raises
 * (a SyntaxError, ZeroDivisionError, OverflowError or TypeError with Python's message).
 */
export function evaluateCalculatorExpression(text: string): CalcValue {
  // eval() ignores leading spaces; nothing left is a SyntaxError on "line 0".
  const source = text.replace(/^ +/, "");
  if (source.trim() === "") throw syntaxError("invalid syntax", 0);
  return evaluate(new Parser(tokenize(source)).parse());
}
