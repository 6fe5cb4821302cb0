// Python's `ast.unparse` for the parsed subset (BFCL keeps calls without keywords and subscripts as this text).

import { pythonFloatRepr, pythonStringRepr } from "../python-repr.js";
import { PythonFloat } from "../python-value.js";
import { ELLIPSIS, type PythonNode } from "./parse-python-expression.js";

// Python's ast._Precedence, in order.
const TUPLE = 1;
const TEST = 3;
const OR = 4;
const AND = 5;
const NOT = 6;
const CMP = 7;
const EXPR = 8;
const FACTOR = 14;
const POWER = 15;
const ATOM = 17;
const BINARY_PRECEDENCE: Record<string, number> = {
  "|": 8,
  "^": 9,
  "&": 10,
  "<<": 11,
  ">>": 11,
  "+": 12,
  "-": 12,
  "*": 13,
  "/": 13,
  "//": 13,
  "%": 13,
  "@": 13,
  "**": POWER,
};

function constant(value: PythonNode & { kind: "constant" }): string {
  const raw = value.value;
  if (raw === null) return "None";
  if (raw === ELLIPSIS) return "...";
  if (raw === true) return "True";
  if (raw === false) return "False";
  if (typeof raw === "string") return value.isBytes ? `b${pythonStringRepr(raw)}` : pythonStringRepr(raw);
  if (typeof raw === "bigint") return String(raw);
  const number = raw instanceof PythonFloat ? raw.value : raw;
  const isFloat = raw instanceof PythonFloat || !Number.isInteger(number);
  if (!isFloat) return String(number);
  return Number.isFinite(number) ? pythonFloatRepr(number) : "1e309";
}

function wrap(text: string, isNeeded: boolean): string {
  return isNeeded ? `(${text})` : text;
}

function unparseAt(node: PythonNode, precedence: number): string {
  switch (node.kind) {
    case "constant":
      return constant(node);
    case "name":
      return node.id;
    case "attribute":
      return `${unparseAt(node.value, ATOM)}.${node.attr}`;
    case "call": {
      const parts = [
        ...node.args.map((arg) => unparseAt(arg, TEST)),
        ...node.keywords.map((keyword) =>
          keyword.arg === null
            ? `**${unparseAt(keyword.value, TEST)}`
            : `${keyword.arg}=${unparseAt(keyword.value, TEST)}`,
        ),
      ];
      return `${unparseAt(node.func, ATOM)}(${parts.join(", ")})`;
    }
    case "list":
      return `[${node.elts.map((item) => unparseAt(item, TEST)).join(", ")}]`;
    case "set":
      return node.elts.length === 0
        ? "{*()}"
        : `{${node.elts.map((item) => unparseAt(item, TEST)).join(", ")}}`;
    case "tuple": {
      const items = node.elts.map((item) => unparseAt(item, TEST));
      const text = items.length === 1 ? `${items[0]},` : items.join(", ");
      return wrap(text, node.elts.length === 0 || precedence > TUPLE);
    }
    case "dict":
      return `{${node.keys
        .map((key, index) => {
          const value = node.values[index] as PythonNode;
          return key === null
            ? `**${unparseAt(value, EXPR)}`
            : `${unparseAt(key, TEST)}: ${unparseAt(value, TEST)}`;
        })
        .join(", ")}}`;
    case "unary": {
      const own = node.op === "not" ? NOT : FACTOR;
      const text = `${node.op}${node.op === "not" ? " " : ""}${unparseAt(node.operand, own)}`;
      return wrap(text, precedence > own);
    }
    case "binop": {
      const own = BINARY_PRECEDENCE[node.op] ?? EXPR;
      const isPower = node.op === "**";
      const left = unparseAt(node.left, isPower ? own + 1 : own);
      const right = unparseAt(node.right, isPower ? own : own + 1);
      return wrap(`${left} ${node.op} ${right}`, precedence > own);
    }
    case "boolop": {
      let level = node.op === "and" ? AND : OR;
      const own = level;
      const parts = node.values.map((value) => {
        level++;
        return unparseAt(value, level);
      });
      return wrap(parts.join(` ${node.op} `), precedence > own);
    }
    case "compare": {
      const parts = [unparseAt(node.left, CMP + 1)];
      node.ops.forEach((op, index) => {
        parts.push(op, unparseAt(node.comparators[index] as PythonNode, CMP + 1));
      });
      return wrap(parts.join(" "), precedence > CMP);
    }
    case "ifexp":
      return wrap(
        `${unparseAt(node.body, TEST + 1)} if ${unparseAt(node.test, TEST + 1)} else ${unparseAt(node.orelse, TEST)}`,
        precedence > TEST,
      );
    case "subscript": {
      const slice =
        node.slice.kind === "tuple" && node.slice.elts.length > 0
          ? node.slice.elts.map((item) => unparseAt(item, TEST)).join(", ")
          : unparseAt(node.slice, TEST);
      return `${unparseAt(node.value, ATOM)}[${slice}]`;
    }
    case "slice": {
      const lower = node.lower === null ? "" : unparseAt(node.lower, TEST);
      const upper = node.upper === null ? "" : unparseAt(node.upper, TEST);
      return `${lower}:${upper}${node.step === null ? "" : `:${unparseAt(node.step, TEST)}`}`;
    }
    case "starred":
      return `*${unparseAt(node.value, EXPR)}`;
    default: {
      const unreachable: never = node;
      return unreachable;
    }
  }
}

/** Python's `ast.unparse(node)`. */
export function unparsePython(node: PythonNode): string {
  return unparseAt(node, TEST);
}
