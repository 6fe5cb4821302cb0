// The values Math-Verify's parser produces (sympy's objects in the reference), as plain tagged data.

/** An exact rational p/q, q > 0, in lowest terms. */
export interface Rational {
  numerator: bigint;
  denominator: bigint;
}

export type RelationOperator = "=" | "<" | "<=" | ">" | ">=" | "!=";

export type SpecialSetName = "Reals" | "Integers" | "Naturals" | "Rationals" | "Complexes" | "EmptySet";

export type ConstantName = "pi" | "E" | "I" | "oo" | "-oo" | "zoo" | "nan";

/** A parsed answer: numbers, expressions, relations, sets, tuples, intervals and matrices. */
export type MathValue =
  | { type: "number"; value: Rational }
  | { type: "float"; value: number }
  | { type: "symbol"; name: string }
  | { type: "constant"; name: ConstantName }
  | { type: "add"; args: MathValue[] }
  | { type: "mul"; args: MathValue[] }
  | { type: "pow"; base: MathValue; exponent: MathValue }
  | { type: "function"; name: string; args: MathValue[]; isUndefined: boolean }
  | {
      type: "sum";
      kind: "sum" | "product";
      body: MathValue;
      variable: MathValue;
      from: MathValue;
      to: MathValue;
    }
  | { type: "relation"; operator: RelationOperator; lhs: MathValue; rhs: MathValue }
  | { type: "and"; args: MathValue[] }
  | { type: "finite-set"; elements: MathValue[] }
  | { type: "tuple"; elements: MathValue[] }
  | { type: "interval"; start: MathValue; end: MathValue; isLeftOpen: boolean; isRightOpen: boolean }
  | { type: "set-operation"; operator: "union" | "intersection" | "complement"; args: MathValue[] }
  | { type: "special-set"; name: SpecialSetName }
  | { type: "matrix"; rows: MathValue[][] }
  | { type: "text"; text: string };

function gcd(left: bigint, right: bigint): bigint {
  let a = left < 0n ? -left : left;
  let b = right < 0n ? -right : right;
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/** p/q reduced; a zero denominator is sympy's `zoo`. */
export function rational(numerator: bigint, denominator = 1n): MathValue {
  if (denominator === 0n) return { type: "constant", name: numerator === 0n ? "nan" : "zoo" };
  const divisor = gcd(numerator, denominator);
  const sign = denominator < 0n ? -1n : 1n;
  return {
    type: "number",
    value: { numerator: (sign * numerator) / divisor, denominator: (sign * denominator) / divisor },
  };
}

export function integer(value: number | bigint): MathValue {
  return rational(BigInt(value));
}

export const ONE_HUNDREDTH: MathValue = rational(1n, 100n);
export const MINUS_ONE: MathValue = integer(-1);

export function isInteger(value: MathValue): value is { type: "number"; value: Rational } {
  return value.type === "number" && value.value.denominator === 1n;
}

export function isNumber(value: MathValue): boolean {
  return value.type === "number" || value.type === "float";
}

/** sympy's `-x` on a number (a new number), else Mul(-1, x) unevaluated. */
export function negate(value: MathValue): MathValue {
  if (value.type === "number") return rational(-value.value.numerator, value.value.denominator);
  if (value.type === "float") return { type: "float", value: -value.value };
  if (value.type === "constant" && value.name === "oo") return { type: "constant", name: "-oo" };
  if (value.type === "constant" && value.name === "-oo") return { type: "constant", name: "oo" };
  return mulFlat(MINUS_ONE, value);
}

/** latex2sympy2's add_flat: flattens one level of Add on either side. */
export function addFlat(left: MathValue, right: MathValue): MathValue {
  const args = [
    ...(left.type === "add" ? left.args : [left]),
    ...(right.type === "add" ? right.args : [right]),
  ];
  return { type: "add", args };
}

/** latex2sympy2's mul_flat: flattens one level of Mul on either side. */
export function mulFlat(left: MathValue, right: MathValue): MathValue {
  const args = [
    ...(left.type === "mul" ? left.args : [left]),
    ...(right.type === "mul" ? right.args : [right]),
  ];
  return { type: "mul", args };
}

/** x% as latex2sympy2 builds it: Mul(x, 1/100) unevaluated. */
export function percentOf(value: MathValue): MathValue {
  return { type: "mul", args: [value, ONE_HUNDREDTH] };
}

/** Structural equality (sympy's `==` on unevaluated trees): same shape, same leaves, same order. */
export function isStructurallyEqual(left: MathValue, right: MathValue): boolean {
  return structuralKey(left) === structuralKey(right);
}

/** A string naming the tree exactly; sets use their deduplicated sorted keys as sympy's FiniteSet does. */
export function structuralKey(value: MathValue): string {
  switch (value.type) {
    case "number":
      return `${value.value.numerator}/${value.value.denominator}`;
    case "float":
      return `f${value.value}`;
    case "symbol":
      return `s:${value.name}`;
    case "constant":
      return `c:${value.name}`;
    case "add":
    case "mul":
    case "and":
      return `${value.type}(${value.args.map(structuralKey).join(",")})`;
    case "pow":
      return `pow(${structuralKey(value.base)},${structuralKey(value.exponent)})`;
    case "function":
      return `${value.name}(${value.args.map(structuralKey).join(",")})`;
    case "sum":
      return `${value.kind}(${[value.body, value.variable, value.from, value.to].map(structuralKey).join(",")})`;
    case "relation":
      return `rel(${structuralKey(value.lhs)}${value.operator}${structuralKey(value.rhs)})`;
    case "finite-set":
      return `set{${[...new Set(value.elements.map(structuralKey))].sort().join(",")}}`;
    case "tuple":
      return `tuple(${value.elements.map(structuralKey).join(",")})`;
    case "interval":
      return `interval(${value.isLeftOpen}${structuralKey(value.start)},${structuralKey(value.end)}${value.isRightOpen})`;
    case "set-operation":
      return `${value.operator}(${value.args.map(structuralKey).join(",")})`;
    case "special-set":
      return `S.${value.name}`;
    case "matrix":
      return `matrix[${value.rows.map((row) => row.map(structuralKey).join(",")).join(";")}]`;
    case "text":
      return `t:${value.text}`;
    default: {
      const unreachable: never = value;
      return unreachable;
    }
  }
}

/** The elements of a finite set without repeats (sympy keeps one of equal elements). */
export function uniqueElements(elements: readonly MathValue[]): MathValue[] {
  const seen = new Set<string>();
  const unique: MathValue[] = [];
  for (const element of elements) {
    const key = structuralKey(element);
    if (seen.has(key)) continue;
    seen.add(key);
    unique.push(element);
  }
  return unique;
}

/** A sympy Interval: an empty range is the empty set, a point range {a}; infinite ends are open. */
export function interval(
  start: MathValue,
  end: MathValue,
  isLeftOpen: boolean,
  isRightOpen: boolean,
): MathValue {
  const leftOpen = isLeftOpen || (start.type === "constant" && start.name === "-oo");
  const rightOpen = isRightOpen || (end.type === "constant" && end.name === "oo");
  return { type: "interval", start, end, isLeftOpen: leftOpen, isRightOpen: rightOpen };
}
