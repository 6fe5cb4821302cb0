// sympy's parse_expr(text, evaluate=False) for the arithmetic Math-Verify's expression regex admits: numbers, + - * / ** ( ).

import { numberFromText } from "./latex-conversions.js";
import { LatexSyntaxError } from "./latex-lexer.js";
import { addFlat, type MathValue, MINUS_ONE, mulFlat, negate } from "./math-value.js";

type Token = { kind: "number"; text: string } | { kind: "operator"; text: string };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const pattern = /\s*(?:(\d+\.?\d*(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?)|(\*\*|\/\/|[-+*/%()]))/y;
  let position = 0;
  while (position < text.length) {
    if (/^\s*$/.test(text.slice(position))) break;
    pattern.lastIndex = position;
    const match = pattern.exec(text);
    if (!match) throw new LatexSyntaxError(`invalid syntax at ${position}`);
    if (match[1] !== undefined) {
      if (/^0\d/.test(match[1]) && !match[1].includes(".")) throw new LatexSyntaxError("leading zeros");
      tokens.push({ kind: "number", text: match[1] });
    } else tokens.push({ kind: "operator", text: match[2] ?? "" });
    position = pattern.lastIndex;
  }
  return tokens;
}

class PythonExpressionParser {
  private position = 0;
  private readonly tokens: Token[];

  constructor(tokens: Token[]) {
    this.tokens = tokens;
  }

  private isOperator(text: string): boolean {
    const token = this.tokens[this.position];
    return token?.kind === "operator" && token.text === text;
  }

  parse(): MathValue {
    const value = this.sum();
    if (this.position !== this.tokens.length) throw new LatexSyntaxError("trailing tokens");
    return value;
  }

  private sum(): MathValue {
    let left = this.product();
    while (this.isOperator("+") || this.isOperator("-")) {
      const isMinus = this.isOperator("-");
      this.position++;
      const right = this.product();
      left = addFlat(left, isMinus ? negate(right) : right);
    }
    return left;
  }

  private product(): MathValue {
    let left = this.unary();
    while (["*", "/", "//", "%"].some((operator) => this.isOperator(operator))) {
      const operator = this.tokens[this.position]?.text;
      this.position++;
      const right = this.unary();
      if (operator === "*") left = mulFlat(left, right);
      else if (operator === "/") left = mulFlat(left, { type: "pow", base: right, exponent: MINUS_ONE });
      else if (operator === "//")
        left = {
          type: "function",
          name: "floor",
          args: [mulFlat(left, { type: "pow", base: right, exponent: MINUS_ONE })],
          isUndefined: false,
        };
      else left = { type: "function", name: "Mod", args: [left, right], isUndefined: false };
    }
    return left;
  }

  private unary(): MathValue {
    if (this.isOperator("-")) {
      this.position++;
      return negate(this.unary());
    }
    if (this.isOperator("+")) {
      this.position++;
      return this.unary();
    }
    return this.power();
  }

  private power(): MathValue {
    const base = this.atom();
    if (this.isOperator("**")) {
      this.position++;
      return { type: "pow", base, exponent: this.unary() };
    }
    return base;
  }

  private atom(): MathValue {
    const token = this.tokens[this.position];
    if (token === undefined) throw new LatexSyntaxError("unexpected end");
    this.position++;
    if (token.kind === "number") return numberFromText(token.text);
    if (token.text === "(") {
      const value = this.sum();
      if (!this.isOperator(")")) throw new LatexSyntaxError("unclosed parenthesis");
      this.position++;
      if (this.tokens[this.position]?.text === "(") throw new LatexSyntaxError("not callable");
      return value;
    }
    throw new LatexSyntaxError(`unexpected ${token.text}`);
  }
}

/** The value of a plain arithmetic expression; a LatexSyntaxError where Python's parser would fail. */
export function parsePythonExpression(text: string): MathValue {
  return new PythonExpressionParser(tokenize(text)).parse();
}
