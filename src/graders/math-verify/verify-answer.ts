// Math-Verify's `verify` (sympy_expr_eq and its helpers) over MathValues: relations, sets, tuples, matrices, numbers.
// Facts read in huggingface/Math-Verify src/math_verify/grader.py@5d148cfaaf99214c2e4ffb4bc497ab042c592a7a

import { freeSymbols } from "./evaluate-math-value.js";
import { isOnlyOfSymbols } from "./latex-expression-parser.js";
import { mapSymbols } from "./map-symbols.js";
import {
  addFlat,
  isStructurallyEqual,
  type MathValue,
  MINUS_ONE,
  mulFlat,
  uniqueElements,
} from "./math-value.js";
import type { ParsedAnswer } from "./parse-answer.js";
import { printMathValue } from "./print-math-value.js";
import { areRealSetsEqual, type RealSet, type RelationSet } from "./real-set-membership.js";
import { areValuesEqual, isAtomicNumber, roundedEqual, sortKey } from "./value-equality.js";

export interface VerifyOptions {
  /**
   * Decimal places floats are rounded to before comparing (Math-Verify's float_rounding, 6). "unusable": lighteval
   * 0.10's math metric passes its Doc where the precision goes, so rounding raises and the pair is not equal.
   */
  floatRounding?: number | "unusable";
  /** In strict mode variables matter; otherwise the prediction's are renamed to the gold's. */
  isStrict?: boolean;
  /** Also read a gold set against a predicted relation (`x ∈ [a,b]` gold, `a ≤ x ≤ b` predicted). */
  allowSetRelationComparison?: boolean;
  /** Throw the comparison's error instead of counting the pair as not equal (Math-Verify's raise_on_error). */
  isRaisingOnError?: boolean;
}

/** A comparison the reference aborts with an exception (the whole pair then counts as not equal). */
export class ComparisonAbort extends Error {}

type Comparable = MathValue | RelationSet;

interface Context {
  /** undefined: rounding raises (lighteval 0.10's math metric), which fails the comparison. */
  rounding: number | undefined;
}

const isRelational = (value: Comparable): value is Extract<MathValue, { type: "relation" }> =>
  value.type === "relation";

function isRelation(value: Comparable): boolean {
  if (value.type === "relation") return true;
  return (
    value.type === "and" && value.args.length > 0 && value.args.every((item) => item.type === "relation")
  );
}

function isEquation(value: Comparable): boolean {
  if (value.type === "relation") return value.operator === "=";
  return (
    value.type === "and" &&
    value.args.length > 0 &&
    value.args.every((item) => item.type === "relation" && item.operator === "=")
  );
}

function firstRelation(value: MathValue): MathValue {
  return value.type === "and" ? (value.args[0] ?? value) : value;
}

function lastRelation(value: MathValue): MathValue {
  return value.type === "and" ? lastRelation(value.args.at(-1) ?? value) : value;
}

function isAssignment(value: Comparable): value is MathValue {
  if (value.type === "relation") return value.operator === "=" && isOnlyOfSymbols(value.lhs);
  if (value.type !== "and" || !isEquation(value)) return false;
  const first = value.args[0];
  return first?.type === "relation" && isOnlyOfSymbols(first.lhs);
}

function sidesOf(value: MathValue): { lhs: MathValue; rhs: MathValue } {
  if (value.type !== "relation") throw new ComparisonAbort("not a relation");
  return value;
}

function isSet(value: Comparable): boolean {
  return (
    value.type === "relation-set" ||
    value.type === "finite-set" ||
    value.type === "interval" ||
    value.type === "set-operation" ||
    value.type === "special-set"
  );
}

/** unwrap_fcs: f(x) becomes the symbol f_x so that relations in f(x) read as sets. */
function unwrapFunctions(value: MathValue): MathValue {
  switch (value.type) {
    case "function":
      if (value.isUndefined) {
        return {
          type: "symbol",
          name: `${value.name}_${value.args.map((item) => printMathValue(unwrapFunctions(item))).join("_")}`,
        };
      }
      return { ...value, args: value.args.map(unwrapFunctions) };
    case "add":
    case "mul":
    case "and":
      return { ...value, args: value.args.map(unwrapFunctions) };
    case "pow":
      return { ...value, base: unwrapFunctions(value.base), exponent: unwrapFunctions(value.exponent) };
    case "relation":
      return { ...value, lhs: unwrapFunctions(value.lhs), rhs: unwrapFunctions(value.rhs) };
    default:
      return value;
  }
}

/** relation.as_set(): only univariate relations have one (sympy raises otherwise and the relation stays). */
function asSet(value: MathValue): Comparable {
  const unwrapped = unwrapFunctions(value);
  const symbols = [...freeSymbols(unwrapped)];
  const [variable] = symbols;
  if (symbols.length !== 1 || variable === undefined) return value;
  return { type: "relation-set", variable, relation: unwrapped };
}

function difference(left: MathValue, right: MathValue): MathValue {
  return addFlat(left, mulFlat(MINUS_ONE, right));
}

const INVERSE: Readonly<Record<string, string>> = { "<": ">", ">": "<", "<=": ">=", ">=": "<=", "=": "=" };

function compareRelational(gold: MathValue, pred: MathValue, context: Context): boolean {
  if (gold.type === "and" && pred.type === "and") {
    if (gold.args.length !== pred.args.length) throw new ComparisonAbort("zip strict");
    return gold.args.every((item, index) => compareRelational(item, pred.args[index] ?? item, context));
  }
  if (!isRelational(gold) || !isRelational(pred)) return false;
  if (
    gold.operator === pred.operator &&
    expressionsEqual(difference(gold.lhs, gold.rhs), difference(pred.lhs, pred.rhs), context)
  ) {
    return true;
  }
  const inverse = INVERSE[gold.operator];
  if (inverse === undefined) throw new ComparisonAbort("no inverse relation");
  if (
    inverse === pred.operator &&
    expressionsEqual(difference(gold.lhs, gold.rhs), difference(pred.rhs, pred.lhs), context)
  ) {
    return true;
  }
  return solvedEqual(gold, pred);
}

/** sympy_solve_and_compare: equations with the same solutions (equal up to a nonzero factor), or equal solution sets. */
function solvedEqual(
  gold: Extract<MathValue, { type: "relation" }>,
  pred: Extract<MathValue, { type: "relation" }>,
): boolean {
  const goldSymbols = [...freeSymbols(gold)].sort();
  const predSymbols = [...freeSymbols(pred)].sort();
  if (goldSymbols.join(",") !== predSymbols.join(",") || goldSymbols.length === 0) return false;
  if (gold.operator === "=" && pred.operator === "=") {
    return areValuesEqual(difference(gold.lhs, gold.rhs), difference(pred.lhs, pred.rhs), {
      isConstantOnly: false,
      isProportional: true,
    });
  }
  const [variable] = goldSymbols;
  if (goldSymbols.length !== 1 || variable === undefined) return false;
  return areRealSetsEqual(
    { type: "relation-set", variable, relation: gold },
    { type: "relation-set", variable, relation: pred },
  );
}

function lengthOf(value: MathValue): number {
  if (value.type === "finite-set") return uniqueElements(value.elements).length;
  if (value.type === "tuple") return value.elements.length;
  return 1;
}

function ordered(elements: readonly MathValue[]): MathValue[] {
  const keyed = elements.map((element, index) => ({
    element,
    key: sortKey(unwrapAssignment(element)),
    index,
  }));
  return keyed
    .sort((left, right) => compareKeys(left.key, right.key) || left.index - right.index)
    .map((item) => item.element);
}

function compareKeys(left: readonly (number | string)[], right: readonly (number | string)[]): number {
  for (let index = 0; index < Math.min(left.length, right.length); index++) {
    const [a, b] = [left[index], right[index]];
    if (a === b || a === undefined || b === undefined) continue;
    if (typeof a === "number" && typeof b === "number") return a - b;
    return String(a) < String(b) ? -1 : 1;
  }
  return left.length - right.length;
}

function unwrapAssignment(value: MathValue): MathValue {
  return isAssignment(value) ? sidesOf(lastRelation(value)).rhs : value;
}

function deepCompareCollections(
  gold: MathValue,
  pred: MathValue,
  context: Context,
  predIsWrapper: boolean,
): boolean {
  if (lengthOf(gold) !== lengthOf(pred)) return false;
  const goldElements = gold.type === "finite-set" || gold.type === "tuple" ? gold.elements : [gold];
  const predElements = pred.type === "finite-set" || pred.type === "tuple" ? pred.elements : [pred];
  let goldArgs: MathValue[];
  let predArgs: MathValue[];
  if (gold.type === "finite-set") {
    goldArgs = ordered(uniqueElements(goldElements));
    predArgs = ordered(pred.type === "finite-set" ? uniqueElements(predElements) : predElements);
  } else if (gold.type === "tuple" && pred.type === "finite-set" && !predIsWrapper) {
    goldArgs = goldElements;
    predArgs = predElements;
  } else if (pred.type === "finite-set") {
    goldArgs = goldElements;
    predArgs = ordered(uniqueElements(predElements));
  } else {
    goldArgs = goldElements;
    predArgs = predElements;
  }
  if (goldArgs.length !== predArgs.length) throw new ComparisonAbort("zip strict");
  return goldArgs.every((item, index) => expressionsEqual(item, predArgs[index] ?? item, context));
}

function compareSets(gold: Comparable, pred: Comparable, context: Context): boolean {
  const isCollection = (value: Comparable) => isSet(value) || value.type === "tuple";
  const goldSet: Comparable = isCollection(gold)
    ? gold
    : { type: "finite-set", elements: [gold as MathValue] };
  const predSet: Comparable = isCollection(pred)
    ? pred
    : { type: "finite-set", elements: [pred as MathValue] };
  const predIsWrapper = !isCollection(pred);
  if (goldSet.type === "interval" && predSet.type === "interval") {
    return (
      goldSet.isLeftOpen === predSet.isLeftOpen &&
      goldSet.isRightOpen === predSet.isRightOpen &&
      expressionsEqual(goldSet.start, predSet.start, context) &&
      expressionsEqual(goldSet.end, predSet.end, context)
    );
  }
  if (
    goldSet.type !== "relation-set" &&
    predSet.type !== "relation-set" &&
    isStructurallyEqual(goldSet, predSet)
  )
    return true;
  if (isSet(goldSet) && isSet(predSet) && areRealSetsEqual(goldSet as RealSet, predSet as RealSet))
    return true;
  const isFiniteOrTuple = (value: Comparable) => value.type === "finite-set" || value.type === "tuple";
  if (goldSet.type !== "relation-set" && predSet.type !== "relation-set") {
    if (isFiniteOrTuple(goldSet) && isFiniteOrTuple(predSet))
      return deepCompareCollections(goldSet, predSet, context, predIsWrapper);
    if (
      goldSet.type === "interval" &&
      isFiniteOrTuple(predSet) &&
      goldSet.isLeftOpen &&
      goldSet.isRightOpen &&
      lengthOf(predSet) === 2
    ) {
      return deepCompareCollections(
        { type: "tuple", elements: [goldSet.start, goldSet.end] },
        predSet,
        context,
        predIsWrapper,
      );
    }
    if (
      predSet.type === "interval" &&
      isFiniteOrTuple(goldSet) &&
      predSet.isLeftOpen &&
      predSet.isRightOpen &&
      lengthOf(goldSet) === 2
    ) {
      return deepCompareCollections(
        goldSet,
        { type: "tuple", elements: [predSet.start, predSet.end] },
        context,
        false,
      );
    }
  }
  return false;
}

function symbolLetters(value: MathValue): string | undefined {
  if (value.type !== "mul") return undefined;
  const parts = value.args.map((item) =>
    item.type === "symbol" ? item.name : item.type === "constant" && item.name === "E" ? "e" : undefined,
  );
  return parts.every((part) => part !== undefined) ? parts.join("") : undefined;
}

function compareSymbols(gold: MathValue, pred: MathValue): boolean {
  const isEuler = (value: MathValue) => value.type === "constant" && value.name === "E";
  if (gold.type === "symbol" && gold.name.toLowerCase() === "e" && isEuler(pred)) return true;
  if (pred.type === "symbol" && pred.name.toLowerCase() === "e" && isEuler(gold)) return true;
  if (gold.type === "symbol" && pred.type === "mul") {
    const letters = symbolLetters(pred);
    if (letters !== undefined) return gold.name.toLowerCase() === letters.toLowerCase();
  }
  if (pred.type === "symbol" && gold.type === "mul") {
    const letters = symbolLetters(gold);
    if (letters !== undefined) return pred.name.toLowerCase() === letters.toLowerCase();
  }
  if (gold.type === "symbol" && pred.type === "symbol") {
    const goldName = gold.name.length > 1 ? gold.name.toLowerCase() : gold.name;
    const predName = pred.name.length > 1 ? pred.name.toLowerCase() : pred.name;
    return goldName === predName;
  }
  return printed(gold) === printed(pred);
}

/** str(x): a symbol named 13 prints as the integer 13 does. */
const printed = printMathValue;

function numericEqual(gold: MathValue, pred: MathValue, context: Context): boolean {
  if (gold.type === "matrix" && pred.type === "matrix") {
    const sameShape = gold.rows.length === pred.rows.length && gold.rows[0]?.length === pred.rows[0]?.length;
    if (!sameShape) return false;
    return gold.rows.every((row, rowIndex) =>
      row.every((item, column) => numericEqual(item, pred.rows[rowIndex]?.[column] ?? item, context)),
    );
  }
  if (isAtomicNumber(gold, "number") || isAtomicNumber(pred, "number")) {
    if (isAtomicNumber(gold, "float") || isAtomicNumber(pred, "float")) {
      if (context.rounding === undefined)
        throw new ComparisonAbort("float rounding with no usable precision");
      return roundedEqual(gold, pred, context.rounding);
    }
    return areValuesEqual(gold, pred, { isConstantOnly: true });
  }
  return areValuesEqual(gold, pred, { isConstantOnly: true });
}

function expressionsEqual(
  goldInput: Comparable,
  predInput: Comparable,
  context: Context,
  allowSetRelation = false,
): boolean {
  let gold = goldInput;
  let pred = predInput;
  const isGoldAssignment = isAssignment(gold);
  const isPredAssignment = isAssignment(pred);
  const isGoldEquation = isEquation(gold);
  const isPredEquation = isEquation(pred);
  if (isGoldAssignment)
    gold = {
      type: "relation",
      operator: "=",
      lhs: sidesOf(firstRelation(gold as MathValue)).lhs,
      rhs: sidesOf(lastRelation(gold as MathValue)).rhs,
    };
  if (isPredAssignment)
    pred = {
      type: "relation",
      operator: "=",
      lhs: sidesOf(firstRelation(pred as MathValue)).lhs,
      rhs: sidesOf(lastRelation(pred as MathValue)).rhs,
    };
  if (isPredEquation && !isGoldEquation) pred = sidesOf(lastRelation(pred as MathValue)).rhs;
  else if (isGoldAssignment && !isPredEquation) gold = sidesOf(lastRelation(gold as MathValue)).rhs;
  if (isRelation(gold) && isSet(pred)) gold = asSet(gold as MathValue);
  if (allowSetRelation && isRelation(pred) && isSet(gold)) pred = asSet(pred as MathValue);
  if (gold.type === "constant" && (gold.name === "zoo" || gold.name === "nan"))
    throw new ComparisonAbort("zoo");
  if (gold.type !== "relation-set" && pred.type !== "relation-set" && isStructurallyEqual(gold, pred))
    return true;
  if (isRelation(gold) && isRelation(pred))
    return compareRelational(gold as MathValue, pred as MathValue, context);
  if (isSet(gold) || isSet(pred) || gold.type === "tuple" || pred.type === "tuple")
    return compareSets(gold, pred, context);
  if (gold.type === "relation-set" || pred.type === "relation-set") return false;
  if (gold.type === "symbol" || pred.type === "symbol") return compareSymbols(gold, pred);
  if (numericEqual(gold, pred, context)) return true;
  return areValuesEqual(gold, pred, { isConstantOnly: false });
}

function renameSymbols(gold: MathValue, pred: MathValue): MathValue {
  const goldSymbols = [...freeSymbols(gold)].sort();
  const predSymbols = [...freeSymbols(pred)].sort();
  if (goldSymbols.length !== predSymbols.length) return pred;
  const mapping = new Map(predSymbols.map((name, index) => [name, goldSymbols[index] ?? name]));
  return mapSymbols(pred, (name) => mapping.get(name) ?? name);
}

/** verify(gold, target): true when any gold answer equals any predicted one. */
export function verifyAnswer(
  gold: readonly ParsedAnswer[],
  target: readonly ParsedAnswer[],
  options: VerifyOptions = {},
): boolean {
  const rounding = options.floatRounding ?? 6;
  const context: Context = { rounding: rounding === "unusable" ? undefined : rounding };
  for (const goldItem of gold) {
    for (const predItem of target) {
      if (typeof goldItem === "string" || typeof predItem === "string") {
        if (typeof goldItem === "string" && typeof predItem === "string") {
          const [left, right] = [goldItem.trim(), predItem.trim()];
          if (left.length > 0 && left === right) return true;
        }
        continue;
      }
      try {
        const pred = options.isStrict === false ? renameSymbols(goldItem, predItem) : predItem;
        if (expressionsEqual(goldItem, pred, context, options.allowSetRelationComparison ?? false))
          return true;
      } catch (error) {
        if (
          options.isRaisingOnError ||
          (!(error instanceof ComparisonAbort) && !(error instanceof RangeError))
        )
          throw error;
      }
    }
  }
  return false;
}
