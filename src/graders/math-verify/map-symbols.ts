// Renames the symbols of a MathValue (non-strict verify matches the prediction's variables to the gold's).
import type { MathValue } from "./math-value.js";

/** A copy of `value` with every symbol renamed by `rename`. */
export function mapSymbols(value: MathValue, rename: (name: string) => string): MathValue {
  const map = (item: MathValue) => mapSymbols(item, rename);
  switch (value.type) {
    case "symbol":
      return { type: "symbol", name: rename(value.name) };
    case "add":
    case "mul":
    case "and":
    case "function":
    case "set-operation":
      return { ...value, args: value.args.map(map) } as MathValue;
    case "pow":
      return { ...value, base: map(value.base), exponent: map(value.exponent) };
    case "sum":
      return {
        ...value,
        body: map(value.body),
        variable: map(value.variable),
        from: map(value.from),
        to: map(value.to),
      };
    case "relation":
      return { ...value, lhs: map(value.lhs), rhs: map(value.rhs) };
    case "finite-set":
    case "tuple":
      return { ...value, elements: value.elements.map(map) };
    case "interval":
      return { ...value, start: map(value.start), end: map(value.end) };
    case "matrix":
      return { ...value, rows: value.rows.map((row) => row.map(map)) };
    default:
      return value;
  }
}
