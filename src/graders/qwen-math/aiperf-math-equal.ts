// aiperf's `_math_equal` (ai-dynamo/aiperf src/aiperf/accuracy/graders/math.py), plus the equivalences its docs promise.
import { parseLatex } from "../math/cas.js";
import { choiceLetters } from "./extract-answer.js";
import { parseDigits } from "./math-equal.js";
import {
  pythonIsClose,
  pythonLeftStrip,
  pythonLength,
  pythonRightStrip,
  pythonStrip,
} from "./python-text.js";
import { equationDifference, matrixCells, proportional, symbolicEqual } from "./symbolic-equal.js";

const MAX_DEPTH = 5;
const ABSOLUTE_TOLERANCE = 1e-4;
const CHOICES = ["A", "B", "C", "D", "E"];
/** `_SINGLE_CHOICE_PATTERNS`: "(A)", "A.", "A)", "**A**", "A:" for A–E, in that order. */
const CHOICE_PREFIXES = ["\\(X\\)", "X\\.", "X\\)", "\\*\\*X\\*\\*", "X:"].flatMap((shape) =>
  CHOICES.map((letter) => new RegExp(`^${shape.replace("X", letter)}`)),
);
const SYMBOLIC = { numeric: { absolute: ABSOLUTE_TOLERANCE }, isQwen: false } as const;

/** `_handle_single_choice_prefix`: a letter gold equals the last standalone A–E of the cleaned prediction. */
function choiceMatches(prediction: string, reference: string): boolean {
  if (!CHOICES.includes(reference)) return false;
  const cleaned = pythonLeftStrip(
    pythonStrip(pythonRightStrip(pythonRightStrip(pythonStrip(prediction, "\n"), "."), "/"), " "),
    ":",
  );
  return choiceLetters(cleaned).at(-1) === reference;
}

/** `_compare_comma_list`: both comma lists, sorted, item by item. */
function commaListsEqual(prediction: string, reference: string, depth: number): boolean {
  if (!prediction.includes(",") || !reference.includes(",")) return false;
  const sortedItems = (text: string) =>
    text
      .split(",")
      .map((item) => pythonStrip(item))
      .sort();
  const predictionItems = sortedItems(prediction);
  const referenceItems = sortedItems(reference);
  return (
    predictionItems.length === referenceItems.length &&
    predictionItems.every((item, index) => aiperfMathEqual(item, referenceItems[index] ?? "", depth + 1))
  );
}

/** `_brace_paren_compare`: outer brackets stripped (unless the gold opens with the other kind), `{}()` removed. */
function bracketsStrippedEqual(predictionInput: string, referenceInput: string): boolean {
  let prediction = pythonStrip(predictionInput);
  let reference = pythonStrip(referenceInput);
  if (
    (prediction.startsWith("[") && prediction.endsWith("]") && !reference.startsWith("(")) ||
    (prediction.startsWith("(") && prediction.endsWith(")") && !reference.startsWith("["))
  ) {
    prediction = pythonStrip(prediction, "[]()");
    reference = pythonStrip(reference, "[]()");
  }
  const removeBrackets = (text: string) => text.replace(/[{}()]/g, "");
  return removeBrackets(prediction).toLowerCase() === removeBrackets(reference).toLowerCase();
}

/** Two equations: lhs − (rhs) symbolically equal, or (ours) proportional with a nonzero factor. */
function equationsEqual(prediction: string, reference: string, depth: number): boolean {
  const predictionSides = prediction.split("=");
  const referenceSides = reference.split("=");
  if (predictionSides.length === 2 && referenceSides.length === 2) {
    const [predictionLeft = "", predictionRight = ""] = predictionSides.map((side) => pythonStrip(side));
    const [referenceLeft = "", referenceRight = ""] = referenceSides.map((side) => pythonStrip(side));
    const predictionDifference = `${predictionLeft} - (${predictionRight})`;
    const referenceDifference = `${referenceLeft} - (${referenceRight})`;
    if (symbolicEqual(predictionDifference, referenceDifference, SYMBOLIC)) return true;
    const left = parseLatex(predictionDifference);
    const right = parseLatex(referenceDifference);
    return (
      left !== null &&
      right !== null &&
      proportional(left, right, (ratio) => ratio !== 0 && Number.isFinite(ratio))
    );
  }
  if (
    predictionSides.length === 2 &&
    pythonLength(pythonStrip(predictionSides[0] ?? "")) <= 2 &&
    referenceSides.length === 1
  ) {
    return aiperfMathEqual(predictionSides[1] ?? "", reference, depth + 1);
  }
  if (
    referenceSides.length === 2 &&
    pythonLength(pythonStrip(referenceSides[0] ?? "")) <= 2 &&
    predictionSides.length === 1
  ) {
    return aiperfMathEqual(prediction, referenceSides[1] ?? "", depth + 1);
  }
  return false;
}

/** (Ours) two matrices of the same shape, cell by cell. */
function matricesEqual(prediction: string, reference: string, depth: number): boolean {
  const predictionRows = matrixCells(prediction);
  const referenceRows = matrixCells(reference);
  if (predictionRows === undefined || referenceRows === undefined) return false;
  return (
    predictionRows.length === referenceRows.length &&
    predictionRows.every((row, rowIndex) => {
      const other = referenceRows[rowIndex] ?? [];
      return (
        row.length === other.length &&
        row.every((cell, index) => aiperfMathEqual(cell, other[index] ?? "", depth + 1))
      );
    })
  );
}

/** (Ours) what latex2sympy2-extended reads and compute-engine does not: `a:b` as a ratio, `\binom{n}{k}`. */
export function toCasLatex(text: string): string {
  let latex = text.replace(/\\binom\{([^{}]*)\}\{([^{}]*)\}/g, "\\frac{($1)!}{($2)!(($1)-($2))!}");
  const ratio = /^([^:=]+):([^:=]+)$/.exec(latex);
  if (ratio !== null) latex = `\\frac{${ratio[1]}}{${ratio[2]}}`;
  return latex.replaceAll("{,}", "");
}

/**
 * aiperf's `_math_equal(prediction, reference)`: lower-case string equality; a letter gold against the last
 * letter; a choice prefix "(A)"/"A."/"A)"/"**A**"/"A:" removed; sorted comma lists item by item; two numbers
 * equal to the gold, gold/100 or gold×100 within `isclose(abs_tol=1e-4)` — unequal numbers are final; brackets
 * stripped; equations; symbolic equality. Ours on top (README): matrices cell by cell, equations up to a
 * nonzero factor, ratios and binomials for the CAS. Recursion stops at depth 5 as aiperf's does.
 */
export function aiperfMathEqual(prediction: string, reference: string, depth = 0): boolean {
  if (depth > MAX_DEPTH) return false;
  if (pythonStrip(prediction).toLowerCase() === pythonStrip(reference).toLowerCase()) return true;
  if (choiceMatches(prediction, reference)) return true;
  for (const prefix of CHOICE_PREFIXES) {
    if (
      prefix.test(prediction) &&
      aiperfMathEqual(pythonStrip(prediction.replace(prefix, "")), reference, depth + 1)
    ) {
      return true;
    }
  }
  if (commaListsEqual(prediction, reference, depth)) return true;
  const predictionNumber = parseDigits(prediction);
  const referenceNumber = parseDigits(reference);
  if (predictionNumber !== undefined && referenceNumber !== undefined) {
    return [referenceNumber / 100, referenceNumber, referenceNumber * 100].some((candidate) =>
      pythonIsClose(predictionNumber, candidate, { absolute: ABSOLUTE_TOLERANCE }),
    );
  }
  if (prediction === "") return false;
  if (bracketsStrippedEqual(prediction, reference)) return true;
  if (matricesEqual(prediction, reference, depth)) return true;
  if (equationsEqual(prediction, reference, depth)) return true;
  return symbolicEqual(toCasLatex(prediction), toCasLatex(reference), SYMBOLIC);
}
