// BFCL's Java decoding (parser/java_parser.py): the first method call in the answer and its `name=value` arguments,
// values as the text BFCL's tree-sitter traversal produces. A hand-written parser stands in for tree-sitter-java.
import { SourceSyntaxError, type SourceToken, tokenizeSource } from "./c-like-tokenizer.js";
import type { BfclCall } from "./types.js";

interface JavaNode {
  type: string;
  start: number;
  end: number;
  children: JavaNode[];
  fields: Record<string, JavaNode | undefined>;
}

const BINARY_LEVELS = [
  ["||"],
  ["&&"],
  ["|"],
  ["^"],
  ["&"],
  ["==", "!="],
  ["<", ">", "<=", ">=", "instanceof"],
  ["<<", ">>", ">>>"],
  ["+", "-"],
  ["*", "/", "%"],
];
const ASSIGNMENT = ["=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", ">>>="];
const PRIMITIVES = new Set(["int", "long", "short", "byte", "char", "float", "double", "boolean", "void"]);
const LITERAL_WORDS = new Set(["true", "false", "null", "this", "super"]);

function leaf(token: SourceToken): JavaNode {
  const type =
    token.kind === "string"
      ? "string_literal"
      : token.kind === "char"
        ? "character_literal"
        : token.kind === "identifier" && !LITERAL_WORDS.has(token.text) && !PRIMITIVES.has(token.text)
          ? "identifier"
          : token.kind === "number"
            ? "number_literal"
            : token.text;
  return { type, start: token.start, end: token.end, children: [], fields: {} };
}

function node(
  type: string,
  children: JavaNode[],
  fields: Record<string, JavaNode | undefined> = {},
): JavaNode {
  const first = children[0];
  const last = children.at(-1);
  return { type, start: first?.start ?? 0, end: last?.end ?? 0, children, fields };
}

class JavaParser {
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
    return token !== undefined && token.kind !== "string" && token.kind !== "char" && token.text === text;
  }

  take(): JavaNode {
    const token = this.peek();
    if (token === undefined) throw new SourceSyntaxError("unexpected end");
    this.index++;
    return leaf(token);
  }

  expect(text: string): JavaNode {
    if (!this.is(text)) throw new SourceSyntaxError(`expected ${text}`);
    return this.take();
  }

  program(): JavaNode[] {
    const statements: JavaNode[] = [];
    while (this.peek() !== undefined) {
      if (this.is(";")) {
        this.index++;
        continue;
      }
      statements.push(this.expression());
      if (this.peek() !== undefined) this.expect(";");
    }
    return statements;
  }

  expression(): JavaNode {
    const left = this.ternary();
    const token = this.peek();
    if (token?.kind === "punctuation" && ASSIGNMENT.includes(token.text)) {
      const operator = this.take();
      return node("assignment_expression", [left, operator, this.expression()]);
    }
    return left;
  }

  ternary(): JavaNode {
    const condition = this.binary(0);
    if (!this.is("?")) return condition;
    const question = this.take();
    const consequence = this.expression();
    const colon = this.expect(":");
    return node("ternary_expression", [condition, question, consequence, colon, this.expression()]);
  }

  binary(level: number): JavaNode {
    const operators = BINARY_LEVELS[level];
    if (operators === undefined) return this.unary();
    let left = this.binary(level + 1);
    for (
      let token = this.peek();
      token !== undefined && operators.some((op) => this.is(op));
      token = this.peek()
    ) {
      const operator = this.take();
      const right = operator.type === "instanceof" ? this.type() : this.binary(level + 1);
      left = node("binary_expression", [left, operator, right]);
    }
    return left;
  }

  unary(): JavaNode {
    if (["+", "-", "!", "~", "++", "--"].some((op) => this.is(op))) {
      const operator = this.take();
      return node("unary_expression", [operator, this.unary()]);
    }
    let expression = this.postfix();
    while (this.is("++") || this.is("--")) expression = node("update_expression", [expression, this.take()]);
    return expression;
  }

  typeArguments(): JavaNode {
    const children = [this.expect("<")];
    while (!this.is(">")) {
      if (this.is(">>") || this.is(">>>")) {
        // `List<List<String>>`: split the shift operator into closing brackets.
        const token = this.peek() as SourceToken;
        this.tokens.splice(
          this.index,
          1,
          ...[...token.text].map((_, offset) => ({
            ...token,
            text: ">",
            start: token.start + offset,
            end: token.start + offset + 1,
          })),
        );
        break;
      }
      children.push(this.is("?") ? this.take() : this.type());
      if (this.is(",")) children.push(this.take());
      else if (!this.is(">") && !this.is(">>") && !this.is(">>>"))
        throw new SourceSyntaxError("bad type arguments");
    }
    children.push(this.expect(">"));
    return node("type_arguments", children);
  }

  /** A type without array dimensions: `int`, `String`, `java.util.List`, `Map<String, Integer>`. */
  type(): JavaNode {
    const token = this.peek();
    if (token?.kind !== "identifier") throw new SourceSyntaxError("expected a type");
    if (PRIMITIVES.has(token.text)) return node("integral_type", [this.take()]);
    let type: JavaNode = { ...this.take(), type: "type_identifier" };
    while (this.is(".") && this.peek(1)?.kind === "identifier") {
      const dot = this.take();
      type = node("scoped_type_identifier", [type, dot, { ...this.take(), type: "type_identifier" }]);
    }
    if (this.is("<")) type = node("generic_type", [type, this.typeArguments()]);
    return type;
  }

  arguments(): JavaNode {
    const children = [this.expect("(")];
    while (!this.is(")")) {
      children.push(this.expression());
      if (!this.is(",")) break;
      children.push(this.take());
    }
    children.push(this.expect(")"));
    return node("argument_list", children);
  }

  arrayInitializer(): JavaNode {
    const children = [this.expect("{")];
    while (!this.is("}")) {
      children.push(this.is("{") ? this.arrayInitializer() : this.expression());
      if (!this.is(",")) break;
      children.push(this.take());
    }
    children.push(this.expect("}"));
    return node("array_initializer", children);
  }

  skipBalanced(open: string, close: string): JavaNode {
    const first = this.expect(open);
    let depth = 1;
    let last = first;
    while (depth > 0) {
      last = this.take();
      if (last.type === open) depth++;
      if (last.type === close) depth--;
    }
    return { type: "class_body", start: first.start, end: last.end, children: [], fields: {} };
  }

  creation(): JavaNode {
    const keyword = this.expect("new");
    const type = this.type();
    if (this.is("[")) {
      const dimensions: JavaNode[] = [];
      while (this.is("[")) {
        dimensions.push(this.take());
        if (!this.is("]")) dimensions.push(this.expression());
        dimensions.push(this.expect("]"));
      }
      const value = this.is("{") ? this.arrayInitializer() : undefined;
      const children = [keyword, type, ...dimensions, ...(value ? [value] : [])];
      return node("array_creation_expression", children, { type, value });
    }
    const argumentList = this.arguments();
    const body = this.is("{") ? [this.skipBalanced("{", "}")] : [];
    return node("object_creation_expression", [keyword, type, argumentList, ...body], {
      type,
      arguments: argumentList,
    });
  }

  primary(): JavaNode {
    const token = this.peek();
    if (token === undefined) throw new SourceSyntaxError("unexpected end");
    if (this.is("new")) return this.creation();
    if (this.is("(")) {
      const open = this.take();
      const inner = this.expression();
      return node("parenthesized_expression", [open, inner, this.expect(")")]);
    }
    if (token.kind === "punctuation") throw new SourceSyntaxError(`unexpected ${token.text}`);
    if (token.kind === "template") throw new SourceSyntaxError("unexpected template");
    if (token.kind === "identifier" && PRIMITIVES.has(token.text)) {
      const type = node("integral_type", [this.take()]);
      const dot = this.expect(".");
      return node("class_literal", [type, dot, this.expect("class")]);
    }
    return this.take();
  }

  postfix(): JavaNode {
    let expression = this.primary();
    for (;;) {
      if (this.is("(") && (expression.type === "identifier" || expression.type === "field_access")) {
        const [object, dot, name] =
          expression.type === "field_access" ? expression.children : [undefined, undefined, expression];
        const argumentList = this.arguments();
        const children = [...(object ? [object, dot as JavaNode] : []), name as JavaNode, argumentList];
        expression = node("method_invocation", children, { object, name, arguments: argumentList });
      } else if (this.is(".")) {
        const dot = this.take();
        if (this.is("class")) expression = node("class_literal", [expression, dot, this.take()]);
        else if (this.peek()?.kind === "identifier")
          expression = node("field_access", [expression, dot, this.take()]);
        else throw new SourceSyntaxError("expected a member name");
      } else if (this.is("[")) {
        const open = this.take();
        const index = this.expression();
        expression = node("array_access", [expression, open, index, this.expect("]")]);
      } else if (this.is("::")) {
        const colons = this.take();
        expression = node("method_reference", [expression, colons, this.take()]);
      } else return expression;
    }
  }
}

function traverseNode(source: string, target: JavaNode | undefined, isNested: boolean): string {
  if (target === undefined) throw new TypeError("'NoneType' object has no attribute 'type'");
  const raw = source.slice(target.start, target.end);
  switch (target.type) {
    case "string_literal":
    case "character_literal":
      return isNested ? raw : raw.slice(1, -1);
    case "identifier":
    case "class_literal":
    case "type_identifier":
    case "method_invocation":
      return raw;
    case "array_creation_expression":
      return `new ${traverseNode(source, target.fields["type"], true)}[]${traverseNode(source, target.fields["value"], true)}`;
    case "object_creation_expression": {
      const argumentList = target.fields["arguments"] as JavaNode;
      const texts = argumentList.children
        .filter((child) => !["(", ")", ","].includes(child.type))
        .map((child) => traverseNode(source, child, true));
      return `new ${traverseNode(source, target.fields["type"], true)}(${texts.join(", ")})`;
    }
    default:
      return target.children.length > 0
        ? target.children.map((child) => traverseNode(source, child, true)).join("")
        : raw;
  }
}

function findInvocation(nodes: JavaNode[]): JavaNode | undefined {
  for (const candidate of nodes) {
    if (candidate.type === "method_invocation") return candidate;
    const found = findInvocation(candidate.children);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * BFCL's parse_java_function_call: `[{name: {param: text}}]` for the first method invocation (in tree order), or
 * `undefined` where BFCL returns `{}` (no call). Unnamed identifier arguments go under the key "None". Throws a
 * `SyntaxError` on what does not parse and an `Error` for a repeated argument name.
 */
export function parseJavaCalls(source: string): BfclCall[] | undefined {
  const statements = new JavaParser(tokenizeSource(source, true)).program();
  const invocation = findInvocation(statements);
  if (invocation === undefined) return undefined;
  const object = invocation.fields["object"];
  const methodName = source.slice(invocation.fields["name"]?.start, invocation.fields["name"]?.end);
  const name = object === undefined ? methodName : `${source.slice(object.start, object.end)}.${methodName}`;
  const entries = new Map<string, string>();
  for (const child of invocation.fields["arguments"]?.children ?? []) {
    let key: string | undefined;
    let value: string | undefined;
    if (child.type === "assignment_expression") {
      const [left, , right] = child.children;
      key = source.slice(left?.start, left?.end);
      value = traverseNode(source, right, false);
    } else if (child.type === "identifier" || child.type === "class_literal") {
      key = "None";
      value = traverseNode(source, child, false);
    }
    if (key === undefined || value === undefined) continue;
    if (entries.has(key)) throw new Error("Error: Multiple arguments with the same name are not supported.");
    entries.set(key, value);
  }
  return [{ name, arguments: Object.fromEntries(entries) }];
}
