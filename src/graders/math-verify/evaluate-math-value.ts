// Evaluates expression MathValues: exactly (rationals) when every leaf is rational, else as doubles at given symbol values.
import type { MathValue, Rational } from "./math-value.js";
import { rational } from "./math-value.js";

const MAX_EXACT_EXPONENT = 4096n;
const MAX_FACTORIAL = 3000n;
const MAX_SUM_TERMS = 2000;

function makeRational(value: MathValue): Rational | undefined {
  return value.type === "number" ? value.value : undefined;
}

function add(left: Rational, right: Rational): Rational | undefined {
  const value = rational(
    left.numerator * right.denominator + right.numerator * left.denominator,
    left.denominator * right.denominator,
  );
  return makeRational(value);
}

function multiply(left: Rational, right: Rational): Rational | undefined {
  return makeRational(rational(left.numerator * right.numerator, left.denominator * right.denominator));
}

function power(base: Rational, exponent: Rational): Rational | undefined {
  if (exponent.denominator !== 1n) return undefined;
  const count = exponent.numerator < 0n ? -exponent.numerator : exponent.numerator;
  if (count > MAX_EXACT_EXPONENT) return undefined;
  if (base.numerator === 0n && exponent.numerator < 0n) return undefined;
  const numerator = base.numerator ** count;
  const denominator = base.denominator ** count;
  return makeRational(
    exponent.numerator < 0n ? rational(denominator, numerator) : rational(numerator, denominator),
  );
}

function floorOf(value: Rational): bigint {
  const quotient = value.numerator / value.denominator;
  return value.numerator < 0n && quotient * value.denominator !== value.numerator ? quotient - 1n : quotient;
}

function factorial(value: Rational): Rational | undefined {
  if (value.denominator !== 1n || value.numerator < 0n || value.numerator > MAX_FACTORIAL) return undefined;
  let result = 1n;
  for (let index = 2n; index <= value.numerator; index++) result *= index;
  return { numerator: result, denominator: 1n };
}

function exactFunction(name: string, args: readonly Rational[]): Rational | undefined {
  const [first, second] = args;
  if (first === undefined) return undefined;
  switch (name) {
    case "Abs":
      return {
        numerator: first.numerator < 0n ? -first.numerator : first.numerator,
        denominator: first.denominator,
      };
    case "floor":
      return { numerator: floorOf(first), denominator: 1n };
    case "ceiling":
      return {
        numerator: -floorOf({ numerator: -first.numerator, denominator: first.denominator }),
        denominator: 1n,
      };
    case "factorial":
      return factorial(first);
    case "Mod": {
      if (second === undefined || second.numerator === 0n) return undefined;
      const quotient = floorOf({
        numerator: first.numerator * second.denominator,
        denominator: first.denominator * second.numerator,
      });
      const product = multiply(second, { numerator: quotient, denominator: 1n });
      return product === undefined
        ? undefined
        : add(first, { numerator: -product.numerator, denominator: product.denominator });
    }
    case "Max":
    case "Min": {
      const sign = name === "Max" ? 1n : -1n;
      return args.reduce((best, item) =>
        sign * (item.numerator * best.denominator - best.numerator * item.denominator) > 0n ? item : best,
      );
    }
    default:
      return undefined;
  }
}

/** The exact rational value when the tree is built only of rationals and exact operations; else undefined. */
export function evaluateExactly(value: MathValue): Rational | undefined {
  switch (value.type) {
    case "number":
      return value.value;
    case "add": {
      let total: Rational | undefined = { numerator: 0n, denominator: 1n };
      for (const item of value.args) {
        const term = evaluateExactly(item);
        if (term === undefined || total === undefined) return undefined;
        total = add(total, term);
      }
      return total;
    }
    case "mul": {
      let total: Rational | undefined = { numerator: 1n, denominator: 1n };
      for (const item of value.args) {
        const factor = evaluateExactly(item);
        if (factor === undefined || total === undefined) return undefined;
        total = multiply(total, factor);
      }
      return total;
    }
    case "pow": {
      const base = evaluateExactly(value.base);
      const exponent = evaluateExactly(value.exponent);
      return base === undefined || exponent === undefined ? undefined : power(base, exponent);
    }
    case "function": {
      if (value.isUndefined) return undefined;
      const args = value.args.map(evaluateExactly);
      if (args.some((item) => item === undefined)) return undefined;
      return exactFunction(
        value.name,
        args.filter((item): item is Rational => item !== undefined),
      );
    }
    default:
      return undefined;
  }
}

/** A stable pseudo-random value in [0.5, 1.5) for an undefined function or an unevaluable sum. */
function opaqueValue(key: string): number {
  let hash = 2166136261;
  for (let index = 0; index < key.length; index++) {
    hash ^= key.charCodeAt(index);
    hash = Math.imul(hash, 16777619);
  }
  return 0.5 + (hash >>> 0) / 4294967296;
}

const CONSTANTS: Readonly<Record<string, number>> = {
  pi: Math.PI,
  E: Math.E,
  oo: Number.POSITIVE_INFINITY,
  "-oo": Number.NEGATIVE_INFINITY,
  I: Number.NaN,
  zoo: Number.NaN,
  nan: Number.NaN,
};

const ELEMENTARY: Readonly<Record<string, (value: number) => number>> = {
  sin: Math.sin,
  cos: Math.cos,
  tan: Math.tan,
  csc: (value) => 1 / Math.sin(value),
  sec: (value) => 1 / Math.cos(value),
  cot: (value) => 1 / Math.tan(value),
  asin: Math.asin,
  acos: Math.acos,
  atan: Math.atan,
  acsc: (value) => Math.asin(1 / value),
  asec: (value) => Math.acos(1 / value),
  acot: (value) => Math.atan(1 / value),
  sinh: Math.sinh,
  cosh: Math.cosh,
  tanh: Math.tanh,
  asinh: Math.asinh,
  acosh: Math.acosh,
  atanh: Math.atanh,
  exp: Math.exp,
  Abs: Math.abs,
  floor: Math.floor,
  ceiling: Math.ceil,
};

function gammaFactorial(value: number): number {
  if (!Number.isInteger(value) || value < 0) return Number.NaN;
  let result = 1;
  for (let index = 2; index <= value; index++) result *= index;
  return result;
}

function numericFunction(name: string, args: readonly number[], key: string): number {
  const [first = Number.NaN, second = Number.NaN] = args;
  const elementary = ELEMENTARY[name];
  if (elementary) return elementary(first);
  switch (name) {
    case "log":
      return Math.log(first) / Math.log(second);
    case "factorial":
      return gammaFactorial(first);
    case "Mod":
      return first - second * Math.floor(first / second);
    case "Max":
      return Math.max(...args);
    case "Min":
      return Math.min(...args);
    case "binomial":
      return gammaFactorial(first) / (gammaFactorial(second) * gammaFactorial(first - second));
    default:
      return opaqueValue(`${key}(${args.map((item) => item.toPrecision(12)).join(",")})`);
  }
}

function sumValue(value: Extract<MathValue, { type: "sum" }>, symbols: ReadonlyMap<string, number>): number {
  const from = evaluateNumerically(value.from, symbols);
  const to = evaluateNumerically(value.to, symbols);
  const name = value.variable.type === "symbol" ? value.variable.name : "";
  if (Number.isInteger(from) && Number.isInteger(to) && to - from < MAX_SUM_TERMS) {
    let total = value.kind === "sum" ? 0 : 1;
    for (let index = from; index <= to; index++) {
      const inner = new Map(symbols).set(name, index);
      const term = evaluateNumerically(value.body, inner);
      total = value.kind === "sum" ? total + term : total * term;
    }
    return total;
  }
  const body = evaluateNumerically(value.body, new Map(symbols).set(name, 0.731));
  return opaqueValue(`${value.kind}:${body.toPrecision(12)}:${from.toPrecision(12)}:${to.toPrecision(12)}`);
}

/** The value as a double with `symbols` substituted (NaN where undefined, complex, or not an expression). */
export function evaluateNumerically(
  value: MathValue,
  symbols: ReadonlyMap<string, number> = new Map(),
): number {
  switch (value.type) {
    case "number":
      return Number(value.value.numerator) / Number(value.value.denominator);
    case "float":
      return value.value;
    case "symbol":
      return symbols.get(value.name) ?? Number.NaN;
    case "constant":
      return CONSTANTS[value.name] ?? Number.NaN;
    case "add":
      return value.args.reduce((total, item) => total + evaluateNumerically(item, symbols), 0);
    case "mul":
      return value.args.reduce((total, item) => total * evaluateNumerically(item, symbols), 1);
    case "pow": {
      const base = evaluateNumerically(value.base, symbols);
      const exponent = evaluateNumerically(value.exponent, symbols);
      if (base < 0 && !Number.isInteger(exponent)) {
        const exact = evaluateExactly(value.exponent);
        if (exact !== undefined && exact.denominator % 2n === 1n) {
          const magnitude = Math.abs(base) ** exponent;
          return exact.numerator % 2n === 0n ? magnitude : -magnitude;
        }
        return Number.NaN;
      }
      return base ** exponent;
    }
    case "function":
      return numericFunction(
        value.name,
        value.args.map((item) => evaluateNumerically(item, symbols)),
        value.isUndefined ? value.name : "",
      );
    case "sum":
      return sumValue(value, symbols);
    default:
      return Number.NaN;
  }
}

/** The symbol names a value uses (sum variables included). */
export function freeSymbols(value: MathValue, found: Set<string> = new Set()): Set<string> {
  switch (value.type) {
    case "symbol":
      found.add(value.name);
      break;
    case "add":
    case "mul":
    case "and":
    case "function":
    case "set-operation":
      for (const item of value.args) freeSymbols(item, found);
      break;
    case "pow":
      freeSymbols(value.base, found);
      freeSymbols(value.exponent, found);
      break;
    case "sum":
      for (const item of [value.body, value.from, value.to]) freeSymbols(item, found);
      break;
    case "relation":
      freeSymbols(value.lhs, found);
      freeSymbols(value.rhs, found);
      break;
    case "finite-set":
    case "tuple":
      for (const item of value.elements) freeSymbols(item, found);
      break;
    case "interval":
      freeSymbols(value.start, found);
      freeSymbols(value.end, found);
      break;
    case "matrix":
      for (const row of value.rows) for (const item of row) freeSymbols(item, found);
      break;
    default:
      break;
  }
  return found;
}
