// `symbolic_equal` of Qwen2.5-Math's grader.py (and aiperf's `_symbolic_equal`) on compute-engine instead of sympy.
import { casEqual, casNumber, parseLatex } from "../math/cas.js";
import { splitTopLevel } from "../math/split-top-level.js";
import { type IsCloseTolerance, pythonIsClose } from "./python-text.js";

type Expression = NonNullable<ReturnType<typeof parseLatex>>;

export interface SymbolicOptions {
  /** The tolerance of the final `isclose(float(N(a)), float(N(b)))` step. */
  numeric: IsCloseTolerance;
  /** Qwen's extra steps: equations equal when |lhs − rhs| agree, matrices equal after rounding to 3 places. */
  isQwen: boolean;
}

const SAMPLE_POINTS = [0.5772, 1.3247, -0.7, 2.2361] as const;
/** Verdicts by options and texts: gold answers repeat across samples and the CAS is the slow part. */
const CACHE_SIZE = 4096;
const verdicts = new Map<string, boolean>();
const MATRIX = /^\\begin\{pmatrix\}([\s\S]*)\\end\{pmatrix\}$/;

/** `_parse`: the text with `\\` read as `\` first, then as written; null when neither parses. */
function parse(text: string): { expression: Expression; latex: string } | null {
  const unescaped = text.replaceAll("\\\\", "\\");
  const first = parseLatex(unescaped);
  if (first !== null) return { expression: first, latex: unescaped };
  const second = parseLatex(text);
  return second === null ? null : { expression: second, latex: text };
}

function valueAt(
  expression: Expression,
  unknowns: readonly string[],
  pointIndex: number,
): number | undefined {
  try {
    const substitution: Record<string, number> = {};
    unknowns.forEach((name, index) => {
      substitution[name] = (SAMPLE_POINTS[pointIndex] ?? 0) + index * 0.3183 + pointIndex * 0.01;
    });
    const value = (unknowns.length === 0 ? expression : expression.subs(substitution)).N();
    const real = value.re;
    const imaginary = value.im;
    if (typeof real !== "number" || Number.isNaN(real)) return undefined;
    return typeof imaginary === "number" && Math.abs(imaginary) > 1e-12 ? undefined : real;
  } catch {
    return undefined;
  }
}

/** Equal up to `factor(ratio)`: at every sample point left = ratio · right for one ratio that `isRatioAllowed`. */
export function proportional(
  left: Expression,
  right: Expression,
  isRatioAllowed: (ratio: number) => boolean,
): boolean {
  const unknowns = [...new Set([...left.unknowns, ...right.unknowns])];
  if (unknowns.length > 4) return false;
  let ratio: number | undefined;
  const points = unknowns.length === 0 ? 1 : SAMPLE_POINTS.length;
  for (let pointIndex = 0; pointIndex < points; pointIndex++) {
    const leftValue = valueAt(left, unknowns, pointIndex);
    const rightValue = valueAt(right, unknowns, pointIndex);
    if (leftValue === undefined || rightValue === undefined) return false;
    if (rightValue === 0 || leftValue === 0) {
      if (Math.abs(leftValue - rightValue) > 1e-9) return false;
      continue;
    }
    const pointRatio = leftValue / rightValue;
    if (ratio === undefined) ratio = pointRatio;
    else if (!pythonIsClose(ratio, pointRatio, { relative: 1e-7 })) return false;
  }
  return ratio === undefined || isRatioAllowed(ratio);
}

/** `lhs - rhs` of an equation expression, or undefined for anything else. */
export function equationDifference(expression: Expression): Expression | undefined {
  if (expression.operator !== "Equal") return undefined;
  const [left, right] = expression.ops ?? [];
  return left !== undefined && right !== undefined ? left.sub(right) : undefined;
}

/** A `\begin{pmatrix}…\end{pmatrix}` as rows of cells, or undefined. */
export function matrixCells(text: string): string[][] | undefined {
  const body = MATRIX.exec(text)?.[1];
  if (body === undefined) return undefined;
  return body
    .split("\\\\")
    .map((row) => row.trim())
    .filter((row) => row.length > 0)
    .map((row) => row.split("&"));
}

/** sympy's `a.shape == b.shape` and `applyfunc(round(x, 3))` equality, for numeric matrices only. */
function roundedMatricesEqual(left: string, right: string): boolean {
  const leftCells = matrixCells(left);
  const rightCells = matrixCells(right);
  if (leftCells === undefined || rightCells === undefined || leftCells.length !== rightCells.length)
    return false;
  return leftCells.every((row, rowIndex) => {
    const other = rightCells[rowIndex];
    return (
      other !== undefined &&
      row.length === other.length &&
      row.every((cell, index) => {
        const a = casNumber(cell.trim());
        const b = casNumber((other[index] ?? "").trim());
        return a !== undefined && b !== undefined && Number(a.toFixed(3)) === Number(b.toFixed(3));
      })
    );
  });
}

/** `{a,b}` (a Python set literal once parse_expr reads it): its items, else undefined. */
function braceSetItems(text: string): string[] | undefined {
  if (!text.startsWith("{") || !text.endsWith("}")) return undefined;
  const items = splitTopLevel(text.slice(1, -1), ",");
  return items.length > 1 ? items.map((item) => item.trim()) : undefined;
}

function sameMembers(left: string[], right: string[], options: SymbolicOptions): boolean {
  if (left.length !== right.length) return false;
  const unused = [...right];
  for (const item of left) {
    const index = unused.findIndex(
      (candidate) => candidate === item || symbolicEqual(item, candidate, options),
    );
    if (index < 0) return false;
    unused.splice(index, 1);
  }
  return true;
}

/**
 * `symbolic_equal(a, b)`: both parsed (else the raw strings compared); equal when the parsed forms are the
 * same, when they agree at every sample point of their unknowns (sympy: `a.equals(b)` or `simplify(a - b) ==
 * 0`), for Qwen when two equations have the same |lhs − rhs|, when their values are close, and for Qwen when two
 * numeric matrices agree to 3 decimals. A brace list `{a,b}` (a Python set once parse_expr reads it) is unordered.
 */
export function symbolicEqual(left: string, right: string, options: SymbolicOptions): boolean {
  const key = `${options.isQwen ? "q" : "a"}${options.numeric.relative ?? ""}/${options.numeric.absolute ?? ""}\u0000${left}\u0000${right}`;
  const cached = verdicts.get(key);
  if (cached !== undefined) return cached;
  const verdict = computeSymbolicEqual(left, right, options);
  if (verdicts.size >= CACHE_SIZE) verdicts.clear();
  verdicts.set(key, verdict);
  return verdict;
}

function computeSymbolicEqual(left: string, right: string, options: SymbolicOptions): boolean {
  const leftSet = braceSetItems(left);
  const rightSet = braceSetItems(right);
  if (leftSet !== undefined && rightSet !== undefined) return sameMembers(leftSet, rightSet, options);
  const a = parse(left);
  const b = parse(right);
  if (a === null || b === null) return a === null && b === null && left === right;
  try {
    if (a.expression.isSame(b.expression)) return true;
    if (casEqual(a.latex, b.latex, 0) === true) return true;
    if (options.isQwen) {
      const leftDifference = equationDifference(a.expression);
      const rightDifference = equationDifference(b.expression);
      if (leftDifference !== undefined && rightDifference !== undefined) {
        if (proportional(leftDifference, rightDifference, (ratio) => Math.abs(Math.abs(ratio) - 1) < 1e-9)) {
          return true;
        }
      }
    }
    const leftValue = casNumber(a.latex);
    const rightValue = casNumber(b.latex);
    if (
      leftValue !== undefined &&
      rightValue !== undefined &&
      pythonIsClose(leftValue, rightValue, options.numeric)
    ) {
      return true;
    }
  } catch {
    // sympy's failures are "not equal" too.
  }
  return options.isQwen && roundedMatricesEqual(left, right);
}
