// BFCL's JavaScript decoding (parser/js_parser.py): the first statement that is a call, its `name=value` arguments
// as source text (one pair of surrounding quotes removed). A hand-written parser stands in for tree-sitter-javascript.
import { SourceSyntaxError, type SourceToken, tokenizeSource } from "./c-like-tokenizer.js";
import type { BfclCall } from "./types.js";

interface JsNode {
  type: string;
  start: number;
  end: number;
  callee?: JsNode;
  args?: JsNode[];
  left?: JsNode;
  right?: JsNode;
}

const BINARY = [
  "??",
  "||",
  "&&",
  "|",
  "^",
  "&",
  "==",
  "!=",
  "===",
  "!==",
  "<",
  ">",
  "<=",
  ">=",
  "instanceof",
  "in",
  "<<",
  ">>",
  ">>>",
  "+",
  "-",
  "*",
  "/",
  "%",
  "**",
];
const ASSIGNMENT = [
  "=",
  "+=",
  "-=",
  "*=",
  "/=",
  "%=",
  "**=",
  "<<=",
  ">>=",
  ">>>=",
  "&=",
  "|=",
  "^=",
  "&&=",
  "||=",
  "??=",
];
const PREFIX = ["!", "-", "+", "~", "++", "--", "typeof", "void", "delete", "await"];

class JsParser {
  index = 0;
  readonly tokens: SourceToken[];
  constructor(tokens: SourceToken[]) {
    this.tokens = tokens;
  }

  peek(offset = 0): SourceToken | undefined {
    return this.tokens[this.index + offset];
  }

  is(text: string, offset = 0): boolean {
    const token = this.peek(offset);
    return (
      token !== undefined &&
      (token.kind === "punctuation" || token.kind === "identifier") &&
      token.text === text
    );
  }

  take(): SourceToken {
    const token = this.peek();
    if (token === undefined) throw new SourceSyntaxError("unexpected end");
    this.index++;
    return token;
  }

  expect(text: string): SourceToken {
    if (!this.is(text)) throw new SourceSyntaxError(`expected ${text}`);
    return this.take();
  }

  /** Skips a balanced `{…}` / `(…)` group (function bodies, parameter lists); returns its last token. */
  skipBalanced(open: string, close: string): SourceToken {
    this.expect(open);
    let depth = 1;
    let last: SourceToken | undefined;
    while (depth > 0) {
      last = this.take();
      if (last.kind === "punctuation" && last.text === open) depth++;
      if (last.kind === "punctuation" && last.text === close) depth--;
    }
    return last as SourceToken;
  }

  program(): JsNode[] {
    const statements: JsNode[] = [];
    while (this.peek() !== undefined) {
      if (this.is(";")) {
        this.index++;
        continue;
      }
      const statement = this.sequence();
      statements.push(statement);
      const next = this.peek();
      if (next === undefined) break;
      if (this.is(";")) this.index++;
      else if (!/\n/.test(this.source.slice(statement.end, next.start)) && !this.is("}")) {
        throw new SourceSyntaxError("missing ; between statements");
      }
    }
    return statements;
  }

  source = "";

  sequence(): JsNode {
    const first = this.assignment();
    if (!this.is(",")) return first;
    let last = first;
    while (this.is(",")) {
      this.index++;
      last = this.assignment();
    }
    return { type: "sequence_expression", start: first.start, end: last.end };
  }

  isArrowAhead(): boolean {
    if (this.peek()?.kind === "identifier" && this.is("=>", 1)) return true;
    if (!this.is("(")) return false;
    const start = this.index;
    try {
      this.skipBalanced("(", ")");
      return this.is("=>");
    } catch {
      return false;
    } finally {
      this.index = start;
    }
  }

  assignment(): JsNode {
    const startToken = this.peek();
    if (startToken === undefined) throw new SourceSyntaxError("unexpected end");
    if (this.is("async") && (this.peek(1)?.kind === "identifier" || this.is("(", 1))) this.index++;
    if (this.isArrowAhead()) {
      if (this.is("(")) this.skipBalanced("(", ")");
      else this.index++;
      this.expect("=>");
      if (this.is("{")) {
        const end = this.skipBalanced("{", "}");
        return { type: "arrow_function", start: startToken.start, end: end.end };
      }
      const body = this.assignment();
      return { type: "arrow_function", start: startToken.start, end: body.end };
    }
    const left = this.conditional();
    const operator = this.peek();
    if (operator?.kind === "punctuation" && ASSIGNMENT.includes(operator.text)) {
      this.index++;
      const right = this.assignment();
      const type = operator.text === "=" ? "assignment_expression" : "augmented_assignment_expression";
      return { type, start: left.start, end: right.end, left, right };
    }
    return left;
  }

  conditional(): JsNode {
    const condition = this.binary();
    if (!this.is("?")) return condition;
    this.index++;
    this.assignment();
    this.expect(":");
    const alternative = this.assignment();
    return { type: "ternary_expression", start: condition.start, end: alternative.end };
  }

  binary(): JsNode {
    const first = this.unary();
    let last = first;
    while (this.peek() !== undefined && BINARY.some((op) => this.is(op))) {
      this.index++;
      last = this.unary();
    }
    return last === first ? first : { type: "binary_expression", start: first.start, end: last.end };
  }

  unary(): JsNode {
    if (PREFIX.some((op) => this.is(op))) {
      const operator = this.take();
      const operand = this.unary();
      return { type: "unary_expression", start: operator.start, end: operand.end };
    }
    const expression = this.postfix();
    if ((this.is("++") || this.is("--")) && this.peek() !== undefined) {
      const operator = this.take();
      return { type: "update_expression", start: expression.start, end: operator.end };
    }
    return expression;
  }

  argumentsList(): [JsNode[], SourceToken] {
    this.expect("(");
    const args: JsNode[] = [];
    while (!this.is(")")) {
      if (this.is("...")) {
        const spread = this.take();
        const value = this.assignment();
        args.push({ type: "spread_element", start: spread.start, end: value.end });
      } else args.push(this.assignment());
      if (!this.is(",")) break;
      this.index++;
    }
    return [args, this.expect(")")];
  }

  postfix(): JsNode {
    let expression = this.primary();
    for (;;) {
      if (this.is("(")) {
        const [args, close] = this.argumentsList();
        expression = {
          type: "call_expression",
          start: expression.start,
          end: close.end,
          callee: expression,
          args,
        };
      } else if (this.is(".") || this.is("?.")) {
        this.index++;
        if (this.is("(") || this.is("[")) continue;
        const name = this.take();
        if (name.kind !== "identifier" && !name.text.startsWith("#"))
          throw new SourceSyntaxError("expected a property");
        expression = { type: "member_expression", start: expression.start, end: name.end };
      } else if (this.is("[")) {
        this.index++;
        this.sequence();
        const close = this.expect("]");
        expression = { type: "subscript_expression", start: expression.start, end: close.end };
      } else if (this.peek()?.kind === "template") {
        const template = this.take();
        expression = { type: "call_expression", start: expression.start, end: template.end };
      } else return expression;
    }
  }

  container(open: string, close: string, isObject: boolean): SourceToken {
    this.expect(open);
    while (!this.is(close)) {
      if (this.is(",")) {
        this.index++;
        continue;
      }
      if (this.is("...")) {
        this.index++;
        this.assignment();
      } else if (isObject) this.property();
      else this.assignment();
      if (!this.is(",")) break;
      this.index++;
    }
    return this.expect(close);
  }

  property(): void {
    if (this.is("[")) {
      this.index++;
      this.assignment();
      this.expect("]");
    } else {
      const key = this.take();
      if (key.kind === "punctuation" || key.kind === "template")
        throw new SourceSyntaxError("bad property key");
      if (this.is(",") || this.is("}")) {
        if (key.kind !== "identifier") throw new SourceSyntaxError("bad shorthand property");
        return;
      }
    }
    if (this.is("(")) {
      this.skipBalanced("(", ")");
      this.skipBalanced("{", "}");
      return;
    }
    this.expect(":");
    this.assignment();
  }

  primary(): JsNode {
    const token = this.peek();
    if (token === undefined) throw new SourceSyntaxError("unexpected end");
    const start = token.start;
    if (this.is("(")) {
      this.index++;
      this.sequence();
      return { type: "parenthesized_expression", start, end: this.expect(")").end };
    }
    if (this.is("[")) return { type: "array", start, end: this.container("[", "]", false).end };
    if (this.is("{")) return { type: "object", start, end: this.container("{", "}", true).end };
    if (this.is("new")) {
      this.index++;
      const callee = this.primary();
      let end = callee.end;
      while (this.is(".")) {
        this.index++;
        end = this.take().end;
      }
      if (this.is("(")) end = this.argumentsList()[1].end;
      return { type: "new_expression", start, end };
    }
    if (this.is("function")) {
      this.index++;
      if (this.peek()?.kind === "identifier") this.index++;
      this.skipBalanced("(", ")");
      return { type: "function_expression", start, end: this.skipBalanced("{", "}").end };
    }
    if (token.kind === "punctuation") throw new SourceSyntaxError(`unexpected ${token.text}`);
    this.index++;
    const type =
      token.kind === "string"
        ? "string"
        : token.kind === "identifier"
          ? token.text === "true"
            ? "true"
            : "identifier"
          : token.kind;
    return { type, start, end: token.end };
  }
}

function stripQuotes(value: string): string {
  const isQuoted =
    (value.startsWith('"') && value.endsWith('"')) || (value.startsWith("'") && value.endsWith("'"));
  return isQuoted ? value.slice(1, -1) : value;
}

/**
 * BFCL's parse_javascript_function_call: `[{name: {param: text}}]` for the first expression statement that is a
 * call, or `undefined` where BFCL returns None. Unnamed identifier / `true` arguments go under the key "None".
 * Throws a `SyntaxError` on what does not parse and an `Error` for a repeated argument name.
 */
export function parseJavascriptCalls(source: string): BfclCall[] | undefined {
  const parser = new JsParser(tokenizeSource(source, false));
  parser.source = source;
  for (const statement of parser.program()) {
    if (statement.type !== "call_expression" || statement.callee === undefined) continue;
    const entries = new Map<string, string>();
    for (const argument of statement.args ?? []) {
      let key: string | undefined;
      let value: string | undefined;
      if (argument.type === "assignment_expression" && argument.left && argument.right) {
        key = source.slice(argument.left.start, argument.left.end);
        value = stripQuotes(source.slice(argument.right.start, argument.right.end));
      } else if (argument.type === "identifier" || argument.type === "true") {
        key = "None";
        value = source.slice(argument.start, argument.end);
      }
      if (key === undefined || value === undefined) continue;
      if (entries.has(key))
        throw new Error("Error: Multiple arguments with the same name are not supported.");
      entries.set(key, value);
    }
    return [
      {
        name: source.slice(statement.callee.start, statement.callee.end),
        arguments: Object.fromEntries(entries),
      },
    ];
  }
  return undefined;
}
