// Qwen2.5-Math's `math_equal` (evaluation/grader.py), branch by branch, with compute-engine in sympy's place.

import { choiceLetters } from "./extract-answer.js";
import {
  pythonFloat,
  pythonIsClose,
  pythonLeftStrip,
  pythonLength,
  pythonRightStrip,
  pythonStrip,
} from "./python-text.js";
import { symbolicEqual } from "./symbolic-equal.js";

const CHOICES = ["A", "B", "C", "D", "E"];
const RELATIVE_TOLERANCE = 1e-4;
const BRACKETED = /^[([][^\n]+[)\]]/u;
const MATRIX_BEGINS = ["\\begin{pmatrix}", "\\begin{bmatrix}"];
const MATRIX_ENDS = ["\\end{pmatrix}", "\\end{bmatrix}"];
const SYMBOLIC = { numeric: { relative: RELATIVE_TOLERANCE }, isQwen: true } as const;

/** `parse_digits`: commas removed, then `float()`, else a trailing `%` (or `\%`) as a hundredth. */
export function parseDigits(text: string): number | undefined {
  const withoutCommas = text.replaceAll(",", "");
  const value = pythonFloat(withoutCommas);
  if (value !== undefined || !withoutCommas.endsWith("%")) return value;
  let number = withoutCommas.slice(0, -1);
  if (number.endsWith("\\")) number = number.slice(0, -1);
  const percent = pythonFloat(number);
  return percent === undefined ? undefined : percent / 100;
}

/** grader.py's `choice_answer_clean`: the last standalone letter A–E, else the cleaned text. */
function choiceAnswerCleanForGrader(prediction: string): string {
  const text = pythonLeftStrip(
    pythonStrip(pythonRightStrip(pythonRightStrip(pythonStrip(prediction, "\n"), "."), "/"), " "),
    ":",
  );
  const chosen = choiceLetters(text).at(-1) ?? pythonStrip(pythonStrip(text), ".");
  return pythonRightStrip(pythonRightStrip(chosen, "."), "/");
}

/** `str_to_pmatrix`: each `{…,…}` (greedy) as a pmatrix whose commas became a single backslash, joined by ", ". */
function toPmatrix(text: string): string {
  const matches = pythonStrip(text).match(/\{[^\n]*,[^\n]*\}/gu) ?? [];
  return matches
    .map((match) => `\\begin{pmatrix}${pythonStrip(match, "{}").replaceAll(",", "\\")}\\end{pmatrix}`)
    .join(", ");
}

function matrixRows(text: string): string[] {
  return text
    .slice("\\begin{pmatrix}".length, -"\\end{pmatrix}".length)
    .split("\\\\")
    .map((line) => pythonStrip(line))
    .filter((line) => line.length > 0);
}

function isMatrix(text: string): boolean {
  return (
    MATRIX_BEGINS.some((begin) => text.startsWith(begin)) && MATRIX_ENDS.some((end) => text.endsWith(end))
  );
}

function allEqual(predictions: readonly string[], references: readonly string[]): boolean {
  return (
    predictions.length === references.length &&
    predictions.every((prediction, index) => qwenMathEqual(prediction, references[index] ?? ""))
  );
}

function matricesEqual(prediction: string, reference: string): boolean {
  const predictionRows = matrixRows(prediction);
  const referenceRows = matrixRows(reference);
  return (
    predictionRows.length === referenceRows.length &&
    predictionRows.every((row, index) => allEqual(row.split("&"), (referenceRows[index] ?? "").split("&")))
  );
}

function bracketsStrippedEqual(prediction: string, reference: string): boolean {
  let predictionText = prediction;
  let referenceText = reference;
  if (
    (prediction.startsWith("[") && prediction.endsWith("]") && !reference.startsWith("(")) ||
    (prediction.startsWith("(") && prediction.endsWith(")") && !reference.startsWith("["))
  ) {
    predictionText = pythonStrip(predictionText, "[]()");
    referenceText = pythonStrip(referenceText, "[]()");
  }
  const removeBrackets = (text: string) => text.replace(/[{}()]/g, "");
  return removeBrackets(predictionText).toLowerCase() === removeBrackets(referenceText).toLowerCase();
}

function equationsEqual(prediction: string, reference: string): boolean {
  const predictionSides = prediction.split("=");
  const referenceSides = reference.split("=");
  if (predictionSides.length === 2 && referenceSides.length === 2) {
    const predictionDifference = `${pythonStrip(predictionSides[0] ?? "")} - (${pythonStrip(predictionSides[1] ?? "")})`;
    const referenceDifference = `${pythonStrip(referenceSides[0] ?? "")} - (${pythonStrip(referenceSides[1] ?? "")})`;
    return (
      symbolicEqual(predictionDifference, referenceDifference, SYMBOLIC) ||
      symbolicEqual(`-(${predictionDifference})`, referenceDifference, SYMBOLIC)
    );
  }
  if (
    predictionSides.length === 2 &&
    pythonLength(pythonStrip(predictionSides[0] ?? "")) <= 2 &&
    referenceSides.length === 1
  ) {
    return qwenMathEqual(predictionSides[1] ?? "", reference);
  }
  if (
    referenceSides.length === 2 &&
    pythonLength(pythonStrip(referenceSides[0] ?? "")) <= 2 &&
    predictionSides.length === 1
  ) {
    return qwenMathEqual(prediction, referenceSides[1] ?? "");
  }
  return false;
}

/**
 * `math_equal(prediction, reference)` with its defaults (percentages on, `isclose` rel_tol 1e-4, no timeout):
 * lower-case string equality; a letter gold against `choice_answer_clean`; two numbers (after `parse_digits`)
 * equal to the gold, gold/100 or gold×100 — and unequal numbers are final; a pmatrix prediction against a
 * `{a,b}` gold; equality after stripping outer brackets and removing `{}()` (so `(1,2]` = `(1,2)`); bracketed
 * lists item by item; pmatrix/bmatrix cell by cell; equations as lhs − (rhs), up to sign; `x = v` against `v`;
 * then `symbolic_equal`.
 */
export function qwenMathEqual(predictionInput: string, referenceInput: string): boolean {
  if (pythonStrip(predictionInput).toLowerCase() === pythonStrip(referenceInput).toLowerCase()) return true;
  if (CHOICES.includes(referenceInput) && choiceAnswerCleanForGrader(predictionInput) === referenceInput)
    return true;
  const predictionNumber = parseDigits(predictionInput);
  const referenceNumber = parseDigits(referenceInput);
  if (predictionNumber !== undefined && referenceNumber !== undefined) {
    return [referenceNumber / 100, referenceNumber, referenceNumber * 100].some((item) =>
      pythonIsClose(item, predictionNumber, { relative: RELATIVE_TOLERANCE }),
    );
  }
  if (predictionInput === "") return false;
  let reference = pythonStrip(referenceInput);
  const prediction = pythonStrip(predictionInput);
  if (prediction.includes("pmatrix") && !reference.includes("pmatrix")) reference = toPmatrix(reference);
  if (bracketsStrippedEqual(prediction, reference)) return true;
  if (BRACKETED.test(prediction) && BRACKETED.test(reference)) {
    if (allEqual(prediction.slice(1, -1).split(","), reference.slice(1, -1).split(","))) return true;
  }
  if (isMatrix(prediction) && isMatrix(reference) && matricesEqual(prediction, reference)) return true;
  if (equationsEqual(prediction, reference)) return true;
  return symbolicEqual(prediction, reference, SYMBOLIC);
}
