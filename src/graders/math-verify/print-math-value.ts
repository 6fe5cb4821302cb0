// A short readable form of a MathValue (sympy-like), for grade reasons and symbol-name comparisons.
import type { MathValue } from "./math-value.js";

/** The value as text: `x + 2`, `{1, 2}`, `(1, 2)`, `Interval.open(0, 1)`, `Matrix([[1, 2]])`. */
export function printMathValue(value: MathValue): string {
  switch (value.type) {
    case "number":
      return value.value.denominator === 1n
        ? String(value.value.numerator)
        : `${value.value.numerator}/${value.value.denominator}`;
    case "float":
      return String(value.value);
    case "symbol":
      return value.name;
    case "constant":
      return value.name;
    case "add":
      return value.args.map(printMathValue).join(" + ");
    case "mul":
      return value.args
        .map((item) => (item.type === "add" ? `(${printMathValue(item)})` : printMathValue(item)))
        .join("*");
    case "pow":
      return `(${printMathValue(value.base)})**(${printMathValue(value.exponent)})`;
    case "function":
      return `${value.name}(${value.args.map(printMathValue).join(", ")})`;
    case "sum":
      return `${value.kind}(${printMathValue(value.body)}, (${[value.variable, value.from, value.to].map(printMathValue).join(", ")}))`;
    case "relation":
      return `${printMathValue(value.lhs)} ${value.operator} ${printMathValue(value.rhs)}`;
    case "and":
      return value.args.map(printMathValue).join(" & ");
    case "finite-set":
      return `{${value.elements.map(printMathValue).join(", ")}}`;
    case "tuple":
      return `(${value.elements.map(printMathValue).join(", ")})`;
    case "interval":
      return `${value.isLeftOpen ? "(" : "["}${printMathValue(value.start)}, ${printMathValue(value.end)}${value.isRightOpen ? ")" : "]"}`;
    case "set-operation":
      return value.args.map(printMathValue).join(` ${value.operator} `);
    case "special-set":
      return value.name;
    case "matrix":
      return `Matrix([${value.rows.map((row) => `[${row.map(printMathValue).join(", ")}]`).join(", ")}])`;
    case "text":
      return value.text;
    default: {
      const unreachable: never = value;
      return unreachable;
    }
  }
}
