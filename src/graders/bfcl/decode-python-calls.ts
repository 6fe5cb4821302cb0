// BFCL's Python decoding of prompting answers: ast_parse → resolve_ast_call / resolve_ast_by_type (model_handler/utils.py).

import { PythonFloat, PythonRuntimeError, PythonTuple } from "../python-value.js";
import { evaluatePython } from "./evaluate-python.js";
import { ELLIPSIS, type PythonNode, parsePythonExpression } from "./parse-python-expression.js";
import type { BfclCall } from "./types.js";
import { unparsePython } from "./unparse-python.js";

function negate(node: PythonNode): unknown {
  // BFCL: `-value.operand.value` for every unary operator (so `+5` gives -5 and `not True` gives -1).
  if (node.kind !== "constant")
    throw new PythonRuntimeError(`AttributeError: '${node.kind}' object has no attribute 'value'`);
  const value = node.value;
  if (typeof value === "boolean") return value ? -1 : 0;
  if (typeof value === "number") return Number.isInteger(value) ? -value + 0 : -value;
  if (typeof value === "bigint") return -value;
  if (value instanceof PythonFloat) return new PythonFloat(-value.value);
  throw new PythonRuntimeError(
    `TypeError: bad operand type for unary -: '${value === ELLIPSIS ? "ellipsis" : typeof value}'`,
  );
}

/** BFCL's resolve_ast_by_type: a keyword's value node → the Python value the checker sees. */
export function resolvePythonValue(node: PythonNode): unknown {
  switch (node.kind) {
    case "constant":
      if (node.isBytes === true) throw new PythonRuntimeError("bytes values are not supported");
      return node.value === ELLIPSIS ? "..." : node.value;
    case "unary":
      return negate(node.operand);
    case "list":
      return node.elts.map(resolvePythonValue);
    case "dict":
      return Object.fromEntries(
        node.keys.map((key, index) => {
          if (key === null) throw new PythonRuntimeError("Unsupported AST type: <class 'NoneType'>");
          const resolvedKey = resolvePythonValue(key);
          if (typeof resolvedKey !== "string")
            throw new PythonRuntimeError("non-string dict keys are not supported");
          return [resolvedKey, resolvePythonValue(node.values[index] as PythonNode)];
        }),
      );
    case "binop":
      return evaluatePython(node);
    case "name":
      return node.id;
    case "call":
      if (node.keywords.length === 0) return unparsePython(node);
      return callToObject(resolvePythonCall(node));
    case "tuple":
      return new PythonTuple(node.elts.map(resolvePythonValue));
    case "subscript":
      return `${unparsePython(node.value)}[${unparsePython(node.slice)}]`;
    default:
      throw new PythonRuntimeError(`Unsupported AST type: ${node.kind}`);
  }
}

function callToObject(call: BfclCall): Record<string, unknown> {
  return Object.fromEntries([[call.name, call.arguments]]);
}

/** BFCL's resolve_ast_call: the dotted name and the keyword arguments (positional arguments are dropped). */
export function resolvePythonCall(node: PythonNode & { kind: "call" }): BfclCall {
  const parts: string[] = [];
  let func = node.func;
  while (func.kind === "attribute") {
    parts.push(func.attr);
    func = func.value;
  }
  if (func.kind === "name") parts.push(func.id);
  const entries: [string, unknown][] = node.keywords.map((keyword) => {
    if (keyword.arg === null) throw new PythonRuntimeError("**kwargs arguments are not supported");
    return [keyword.arg, resolvePythonValue(keyword.value)];
  });
  return { name: parts.reverse().join("."), arguments: Object.fromEntries(entries) };
}

/** BFCL's ast_parse for ReturnFormat.PYTHON: a call or a list/tuple/set of calls. Throws on anything else. */
export function parsePythonCalls(text: string): BfclCall[] {
  const body = parsePythonExpression(text);
  if (body.kind === "call") return [resolvePythonCall(body)];
  if (body.kind !== "list" && body.kind !== "tuple" && body.kind !== "set") {
    throw new PythonRuntimeError(`AttributeError: '${body.kind}' object has no attribute 'elts'`);
  }
  return body.elts.map((element) => {
    if (element.kind !== "call") throw new PythonRuntimeError("AssertionError");
    return resolvePythonCall(element);
  });
}
