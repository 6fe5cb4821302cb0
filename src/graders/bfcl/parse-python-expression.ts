// A Python expression (the subset BFCL's answers use) parsed into nodes shaped like Python's `ast`.

import type { PythonFloat } from "../python-value.js";
import { PythonSyntaxError, type PythonToken, tokenizePython } from "./python-tokenizer.js";

/** Python's `Ellipsis` constant (`...`). */
export const ELLIPSIS: unique symbol = Symbol("Ellipsis");

export type PythonConstant = string | number | bigint | PythonFloat | boolean | null | typeof ELLIPSIS;
export interface PythonKeyword {
  arg: string | null;
  value: PythonNode;
}

export type PythonNode =
  | { kind: "constant"; value: PythonConstant; isBytes?: boolean }
  | { kind: "name"; id: string }
  | { kind: "attribute"; value: PythonNode; attr: string }
  | { kind: "call"; func: PythonNode; args: PythonNode[]; keywords: PythonKeyword[] }
  | { kind: "list" | "tuple" | "set"; elts: PythonNode[] }
  | { kind: "dict"; keys: (PythonNode | null)[]; values: PythonNode[] }
  | { kind: "unary"; op: "-" | "+" | "~" | "not"; operand: PythonNode }
  | { kind: "binop"; op: string; left: PythonNode; right: PythonNode }
  | { kind: "boolop"; op: "and" | "or"; values: PythonNode[] }
  | { kind: "compare"; left: PythonNode; ops: string[]; comparators: PythonNode[] }
  | { kind: "ifexp"; test: PythonNode; body: PythonNode; orelse: PythonNode }
  | { kind: "subscript"; value: PythonNode; slice: PythonNode }
  | { kind: "slice"; lower: PythonNode | null; upper: PythonNode | null; step: PythonNode | null }
  | { kind: "starred"; value: PythonNode };

const KEYWORDS = new Set(
  "False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield".split(
    " ",
  ),
);
const BINARY_LEVELS: string[][] = [["|"], ["^"], ["&"], ["<<", ">>"], ["+", "-"], ["*", "/", "//", "%", "@"]];
const COMPARISONS = ["<", ">", "==", ">=", "<=", "!="];

class ExpressionParser {
  index = 0;
  readonly tokens: PythonToken[];
  constructor(tokens: PythonToken[]) {
    this.tokens = tokens;
  }

  peek(offset = 0): PythonToken | undefined {
    return this.tokens[this.index + offset];
  }

  isOp(text: string, offset = 0): boolean {
    const token = this.peek(offset);
    return token?.kind === "op" && token.text === text;
  }

  isName(text: string, offset = 0): boolean {
    const token = this.peek(offset);
    return token?.kind === "name" && token.text === text;
  }

  fail(): never {
    throw new PythonSyntaxError("invalid syntax");
  }

  expectOp(text: string): void {
    if (!this.isOp(text)) this.fail();
    this.index++;
  }

  /** expression: a conditional expression (lambda is not supported). */
  expression(): PythonNode {
    if (this.isName("lambda")) throw new PythonSyntaxError("lambda is not supported");
    const body = this.orTest();
    if (!this.isName("if")) return body;
    this.index++;
    const test = this.orTest();
    if (!this.isName("else")) this.fail();
    this.index++;
    return { kind: "ifexp", test, body, orelse: this.expression() };
  }

  boolean(op: "and" | "or", next: () => PythonNode): PythonNode {
    const first = next();
    if (!this.isName(op)) return first;
    const values = [first];
    while (this.isName(op)) {
      this.index++;
      values.push(next());
    }
    return { kind: "boolop", op, values };
  }

  orTest(): PythonNode {
    return this.boolean("or", () => this.andTest());
  }

  andTest(): PythonNode {
    return this.boolean("and", () => this.notTest());
  }

  notTest(): PythonNode {
    if (!this.isName("not")) return this.comparison();
    this.index++;
    return { kind: "unary", op: "not", operand: this.notTest() };
  }

  comparisonOperator(): string | undefined {
    const token = this.peek();
    if (token?.kind === "op" && COMPARISONS.includes(token.text)) return token.text;
    if (this.isName("in")) return "in";
    if (this.isName("not") && this.isName("in", 1)) return "not in";
    if (this.isName("is")) return this.isName("not", 1) ? "is not" : "is";
    return undefined;
  }

  comparison(): PythonNode {
    const left = this.binary(0);
    const ops: string[] = [];
    const comparators: PythonNode[] = [];
    for (let op = this.comparisonOperator(); op !== undefined; op = this.comparisonOperator()) {
      this.index += op.includes(" ") ? 2 : 1;
      ops.push(op);
      comparators.push(this.binary(0));
    }
    return ops.length === 0 ? left : { kind: "compare", left, ops, comparators };
  }

  binary(level: number): PythonNode {
    const operators = BINARY_LEVELS[level];
    if (operators === undefined) return this.factor();
    let left = this.binary(level + 1);
    for (
      let token = this.peek();
      token?.kind === "op" && operators.includes(token.text);
      token = this.peek()
    ) {
      this.index++;
      left = { kind: "binop", op: token.text, left, right: this.binary(level + 1) };
    }
    return left;
  }

  factor(): PythonNode {
    const token = this.peek();
    if (token?.kind === "op" && (token.text === "-" || token.text === "+" || token.text === "~")) {
      this.index++;
      return { kind: "unary", op: token.text, operand: this.factor() };
    }
    const base = this.primary();
    if (!this.isOp("**")) return base;
    this.index++;
    return { kind: "binop", op: "**", left: base, right: this.factor() };
  }

  primary(): PythonNode {
    let node = this.atom();
    for (;;) {
      if (this.isOp(".")) {
        this.index++;
        const name = this.peek();
        if (name?.kind !== "name" || KEYWORDS.has(name.text)) this.fail();
        this.index++;
        node = { kind: "attribute", value: node, attr: name.text };
      } else if (this.isOp("(")) {
        this.index++;
        node = this.callArguments(node);
      } else if (this.isOp("[")) {
        this.index++;
        node = { kind: "subscript", value: node, slice: this.subscriptSlice() };
        this.expectOp("]");
      } else return node;
    }
  }

  callArguments(func: PythonNode): PythonNode {
    const args: PythonNode[] = [];
    const keywords: PythonKeyword[] = [];
    let hasDoubleStar = false;
    while (!this.isOp(")")) {
      const token = this.peek();
      if (this.isOp("**")) {
        this.index++;
        keywords.push({ arg: null, value: this.expression() });
        hasDoubleStar = true;
      } else if (this.isOp("*")) {
        this.index++;
        if (hasDoubleStar) this.fail();
        args.push({ kind: "starred", value: this.expression() });
      } else if (token?.kind === "name" && this.isOp("=", 1)) {
        if (KEYWORDS.has(token.text)) this.fail();
        this.index += 2;
        keywords.push({ arg: token.text, value: this.expression() });
      } else {
        if (keywords.length > 0) throw new PythonSyntaxError("positional argument follows keyword argument");
        args.push(this.expression());
        if (this.isName("for")) throw new PythonSyntaxError("generator expressions are not supported");
      }
      if (!this.isOp(",")) break;
      this.index++;
    }
    this.expectOp(")");
    return { kind: "call", func, args, keywords };
  }

  sliceItem(): PythonNode {
    const lower = this.isOp(":") ? null : this.expression();
    if (!this.isOp(":")) {
      if (lower === null) this.fail();
      return lower;
    }
    this.index++;
    const upper = this.isOp(":") || this.isOp("]") || this.isOp(",") ? null : this.expression();
    let step: PythonNode | null = null;
    if (this.isOp(":")) {
      this.index++;
      step = this.isOp("]") || this.isOp(",") ? null : this.expression();
    }
    return { kind: "slice", lower, upper, step };
  }

  subscriptSlice(): PythonNode {
    const first = this.sliceItem();
    if (!this.isOp(",")) return first;
    const elts = [first];
    while (this.isOp(",")) {
      this.index++;
      if (this.isOp("]")) break;
      elts.push(this.sliceItem());
    }
    return { kind: "tuple", elts };
  }

  /** Items up to `close`, separated by commas; `*x` allowed. Returns the items and whether a comma was seen. */
  sequence(close: string): [PythonNode[], boolean] {
    const items: PythonNode[] = [];
    let hasComma = false;
    while (!this.isOp(close)) {
      if (this.isOp("*")) {
        this.index++;
        items.push({ kind: "starred", value: this.binary(0) });
      } else items.push(this.expression());
      if (this.isName("for")) throw new PythonSyntaxError("comprehensions are not supported");
      if (!this.isOp(",")) break;
      hasComma = true;
      this.index++;
    }
    this.expectOp(close);
    return [items, hasComma];
  }

  braces(): PythonNode {
    if (this.isOp("}")) {
      this.index++;
      return { kind: "dict", keys: [], values: [] };
    }
    const isDict = this.isOp("**") || this.dictAhead();
    if (!isDict) return { kind: "set", elts: this.sequence("}")[0] };
    const keys: (PythonNode | null)[] = [];
    const values: PythonNode[] = [];
    while (!this.isOp("}")) {
      if (this.isOp("**")) {
        this.index++;
        keys.push(null);
        values.push(this.binary(0));
      } else {
        keys.push(this.expression());
        this.expectOp(":");
        values.push(this.expression());
      }
      if (this.isName("for")) throw new PythonSyntaxError("comprehensions are not supported");
      if (!this.isOp(",")) break;
      this.index++;
    }
    this.expectOp("}");
    return { kind: "dict", keys, values };
  }

  /** Whether the first item inside `{` is followed by `:` (a dict) rather than `,`/`}` (a set). */
  dictAhead(): boolean {
    const start = this.index;
    try {
      this.expression();
      return this.isOp(":");
    } catch {
      return false;
    } finally {
      this.index = start;
    }
  }

  atom(): PythonNode {
    const token = this.peek();
    if (token === undefined) this.fail();
    this.index++;
    switch (token.kind) {
      case "number":
        return { kind: "constant", value: token.value };
      case "string": {
        let value = token.value;
        let isFormatted = token.isFormatted;
        for (let next = this.peek(); next?.kind === "string"; next = this.peek()) {
          if (next.isBytes !== token.isBytes)
            throw new PythonSyntaxError("cannot mix bytes and nonbytes literals");
          value += next.value;
          isFormatted ||= next.isFormatted;
          this.index++;
        }
        if (isFormatted) throw new PythonSyntaxError("f-strings are not supported");
        return token.isBytes ? { kind: "constant", value, isBytes: true } : { kind: "constant", value };
      }
      case "name":
        if (token.text === "True" || token.text === "False")
          return { kind: "constant", value: token.text === "True" };
        if (token.text === "None") return { kind: "constant", value: null };
        if (KEYWORDS.has(token.text)) this.fail();
        return { kind: "name", id: token.text };
      case "op":
        if (token.text === "...") return { kind: "constant", value: ELLIPSIS };
        if (token.text === "[") return { kind: "list", elts: this.sequence("]")[0] };
        if (token.text === "{") return this.braces();
        if (token.text === "(") {
          if (this.isOp(")")) {
            this.index++;
            return { kind: "tuple", elts: [] };
          }
          const [items, hasComma] = this.sequence(")");
          const [single] = items;
          return hasComma || single === undefined || single.kind === "starred"
            ? { kind: "tuple", elts: items }
            : single;
        }
        return this.fail();
      case "newline":
        return this.fail();
      default: {
        const unreachable: never = token;
        return unreachable;
      }
    }
  }
}

/** Python's `ast.parse(text, mode="eval").body` for the supported subset; throws `PythonSyntaxError`. */
export function parsePythonExpression(text: string): PythonNode {
  const tokens = tokenizePython(text);
  while (tokens.at(-1)?.kind === "newline") tokens.pop();
  const parser = new ExpressionParser(tokens);
  let node = parser.expression();
  if (parser.isOp(",")) {
    const elts = [node];
    while (parser.isOp(",")) {
      parser.index++;
      if (parser.peek() === undefined) break;
      elts.push(parser.expression());
    }
    node = { kind: "tuple", elts };
  }
  if (parser.index !== tokens.length) parser.fail();
  return node;
}
