// τ-bench's Python sources read as data: the task list of `tasks_test.py` (`Task(...)`/`Action(...)` calls over
// literals) and the dict a tool's `get_info()` returns, turned into the values the JSON layout gives (`PyValue`s:
// dicts as Maps, integral floats as `PythonFloat`), so both sources feed the same checks and samples.

import { DatasetError } from "../../errors.js";
import { type PythonNode, parsePythonExpression } from "../../graders/bfcl/parse-python-expression.js";
import { PythonFloat, type PyValue } from "../../graders/tau-bench/python-data.js";

/** τ-bench's model constructors a task file calls (`tau_bench/types.py`), each taking keyword arguments only. */
const CONSTRUCTORS: ReadonlySet<string> = new Set(["Task", "Action"]);

/** A part of the source that is not a plain literal; `where` is its place, e.g. `[3].actions[0]`. */
class NotALiteral extends Error {}

function notALiteral(where: string, what: string): NotALiteral {
  return new NotALiteral(`${where === "" ? "the value" : where}: ${what}`);
}

/**
 * The value of a literal node: str (adjacent strings already joined by the parser), int, float, bool, None, a
 * signed number, a list, a dict with str keys, or `Task(...)`/`Action(...)` with keyword arguments — a call becomes
 * the dict of its keywords in their order, as τ-bench's tasks turned to JSON hold them. Anything else (names,
 * tuples, sets, bytes, operators, other calls) is not data τ-bench's files use, and is refused.
 */
export function pyValueFromNode(node: PythonNode, where = ""): PyValue {
  switch (node.kind) {
    case "constant": {
      const { value } = node;
      if (node.isBytes === true) throw notALiteral(where, "bytes are not data");
      if (typeof value === "symbol") throw notALiteral(where, "Ellipsis is not data");
      return value;
    }
    case "unary":
      return signed(node.op, pyValueFromNode(node.operand, where), where);
    case "list":
      return node.elts.map((element, index) => pyValueFromNode(element, `${where}[${index}]`));
    case "dict": {
      const dict = new Map<string, PyValue>();
      for (const [index, keyNode] of node.keys.entries()) {
        const valueNode = node.values[index];
        if (keyNode === null || valueNode === undefined)
          throw notALiteral(where, "a ** expansion is not data");
        const key = pyValueFromNode(keyNode, `${where}{key ${index}}`);
        if (typeof key !== "string") throw notALiteral(where, `dict key ${index} is not a str`);
        dict.set(key, pyValueFromNode(valueNode, `${where}[${JSON.stringify(key)}]`));
      }
      return dict;
    }
    case "call": {
      const name = node.func.kind === "name" ? node.func.id : undefined;
      if (name === undefined || !CONSTRUCTORS.has(name)) {
        throw notALiteral(
          where,
          `a call of ${name ?? "an expression"} (only Task(...) and Action(...) are read)`,
        );
      }
      if (node.args.length > 0) throw notALiteral(where, `${name}(...) with positional arguments`);
      const fields = new Map<string, PyValue>();
      for (const keyword of node.keywords) {
        if (keyword.arg === null) throw notALiteral(where, `${name}(**...) is not data`);
        fields.set(keyword.arg, pyValueFromNode(keyword.value, `${where}.${keyword.arg}`));
      }
      return fields;
    }
    default:
      throw notALiteral(where, `a ${node.kind} expression is not a literal`);
  }
}

/** `-x` / `+x` of a number, as Python computes it (an int stays an int, a float a float; `-0` is the int 0). */
function signed(op: string, operand: PyValue, where: string): PyValue {
  const isNumber =
    typeof operand === "number" || typeof operand === "bigint" || operand instanceof PythonFloat;
  if (!isNumber || (op !== "-" && op !== "+")) throw notALiteral(where, `${op} of a non-number is not data`);
  if (op === "+") return operand;
  if (operand instanceof PythonFloat) return new PythonFloat(-operand.value);
  if (typeof operand === "bigint") return -operand;
  // An int 0 negated is the int 0; JavaScript's -0 would read as a float.
  return operand === 0 ? 0 : -operand;
}

/** A DatasetError naming the file for a value that cannot be read from it. */
function invalidPython(file: string, message: string): DatasetError {
  return new DatasetError(`${file}: ${message}`, { code: "E_DATASET_ROW_INVALID" });
}

/** The literal that starts right after `marker`'s last match and runs to the end of `text`, as data. */
function literalAfter(text: string, marker: RegExp, file: string, what: string): PyValue {
  const matches = [...text.matchAll(marker)];
  const last = matches.at(-1);
  if (last === undefined) throw invalidPython(file, `${what} not found`);
  const source = text.slice(last.index + last[0].length);
  let node: PythonNode;
  try {
    node = parsePythonExpression(source);
  } catch (error) {
    throw invalidPython(
      file,
      `${what} is not a Python literal this program reads (${(error as Error).message})`,
    );
  }
  try {
    return pyValueFromNode(node);
  } catch (error) {
    if (error instanceof NotALiteral) throw invalidPython(file, `${what}: ${error.message}`);
    throw error;
  }
}

/**
 * The task list of a τ-bench `tasks_test.py` (`TASKS_TEST = [...]` in retail, `TASKS = [...]` in airline; the
 * file's last statement): each `Task(...)` as the dict of its keywords, each `Action(...)` as `{name, kwargs}`.
 */
export function tauTasksFromPython(text: string, file: string): PyValue {
  return literalAfter(
    text,
    /^(?:TASKS_TEST|TASKS)[ \t]*=[ \t]*/gm,
    file,
    "the task list (TASKS_TEST = / TASKS =)",
  );
}

/** The dict a τ-bench tool file's `get_info()` returns (its last `return`, the file's last statement). */
export function tauToolInfoFromPython(text: string, file: string): PyValue {
  return literalAfter(text, /^[ \t]*return[ \t]+/gm, file, "the get_info() dict (the last return)");
}

/** A Python value as JSON holds it (what `json.dumps` writes, read back by `JSON.parse`): the tool schemas' form. */
export function pyValueToJson(value: PyValue): unknown {
  if (value instanceof PythonFloat) return value.value;
  if (typeof value === "bigint") return Number(value);
  if (Array.isArray(value)) return value.map(pyValueToJson);
  if (value instanceof Map) {
    return Object.fromEntries([...value.entries()].map(([key, item]) => [key, pyValueToJson(item)]));
  }
  return value;
}
