// Decides whether two subsets of the real line are equal by membership at their boundary points and between them,
// standing in for sympy's `as_set()` and `symmetric_difference(…).is_empty` on intervals, unions and relations.
import { evaluateNumerically } from "./evaluate-math-value.js";
import type { MathValue } from "./math-value.js";

/** A univariate relation read as the set of values of `variable` that satisfy it. */
export interface RelationSet {
  type: "relation-set";
  variable: string;
  relation: MathValue;
}

export type RealSet = MathValue | RelationSet;

const TOLERANCE = 1e-9;

function isClose(left: number, right: number): boolean {
  if (left === right) return true;
  return Math.abs(left - right) <= TOLERANCE * Math.max(1, Math.abs(left), Math.abs(right));
}

function holds(relation: MathValue, variable: string, point: number): boolean | undefined {
  if (relation.type === "and") {
    let result: boolean | undefined = true;
    for (const part of relation.args) {
      const value = holds(part, variable, point);
      if (value === undefined) return undefined;
      result = result && value;
    }
    return result;
  }
  if (relation.type !== "relation") return undefined;
  const symbols = new Map([[variable, point]]);
  const left = evaluateNumerically(relation.lhs, symbols);
  const right = evaluateNumerically(relation.rhs, symbols);
  if (Number.isNaN(left) || Number.isNaN(right)) return false;
  const isEqual = isClose(left, right);
  switch (relation.operator) {
    case "=":
      return isEqual;
    case "!=":
      return !isEqual;
    case "<":
      return left < right && !isEqual;
    case "<=":
      return left < right || isEqual;
    case ">":
      return left > right && !isEqual;
    case ">=":
      return left > right || isEqual;
    default:
      return undefined;
  }
}

/** Whether `point` lies in `set`; undefined when that cannot be decided numerically. */
function contains(set: RealSet, point: number): boolean | undefined {
  if (set.type === "relation-set") return holds(set.relation, set.variable, point);
  switch (set.type) {
    case "interval": {
      const start = evaluateNumerically(set.start);
      const end = evaluateNumerically(set.end);
      if (Number.isNaN(start) || Number.isNaN(end)) return undefined;
      const afterStart = isClose(point, start) ? !set.isLeftOpen : point > start;
      const beforeEnd = isClose(point, end) ? !set.isRightOpen : point < end;
      return afterStart && beforeEnd;
    }
    case "finite-set": {
      const values = set.elements.map((element) => evaluateNumerically(element));
      if (values.some((value) => Number.isNaN(value))) return undefined;
      return values.some((value) => isClose(value, point));
    }
    case "special-set":
      if (set.name === "Reals" || set.name === "Complexes") return true;
      if (set.name === "EmptySet") return false;
      if (set.name === "Integers") return Number.isInteger(point);
      if (set.name === "Naturals") return Number.isInteger(point) && point > 0;
      return undefined;
    case "set-operation": {
      const [left, right] = set.args.map((argument) => contains(argument, point));
      if (left === undefined || right === undefined) return undefined;
      if (set.operator === "union") return left || right;
      if (set.operator === "intersection") return left && right;
      return left && !right;
    }
    default:
      return undefined;
  }
}

function boundaries(set: RealSet, found: number[]): void {
  if (set.type === "relation-set") return;
  if (set.type === "interval") found.push(evaluateNumerically(set.start), evaluateNumerically(set.end));
  else if (set.type === "finite-set")
    found.push(...set.elements.map((element) => evaluateNumerically(element)));
  else if (set.type === "set-operation") for (const argument of set.args) boundaries(argument, found);
}

/** True when both sets have the same members at every boundary, just beside it, and across each gap between. */
export function areRealSetsEqual(left: RealSet, right: RealSet): boolean {
  const points: number[] = [];
  boundaries(left, points);
  boundaries(right, points);
  const finite = [...new Set(points.filter((point) => Number.isFinite(point)))].sort((a, b) => a - b);
  const span = Math.max(10, ...finite.map((point) => Math.abs(point)));
  const probes = [-span * 10 - 1.37, span * 10 + 1.37];
  const samples = [-span, ...finite, span];
  for (let index = 0; index < samples.length; index++) {
    const point = samples[index] ?? 0;
    const offset = Math.max(Math.abs(point), 1) * 1e-6;
    probes.push(point, point - offset, point + offset);
    const next = samples[index + 1];
    if (next !== undefined)
      for (let step = 1; step < 16; step++) probes.push(point + ((next - point) * step) / 16);
  }
  for (const probe of probes) {
    const inLeft = contains(left, probe);
    const inRight = contains(right, probe);
    if (inLeft === undefined || inRight === undefined || inLeft !== inRight) return false;
  }
  return true;
}
