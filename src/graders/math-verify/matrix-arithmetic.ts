// Sums and products of parsed matrices (sympy's MatAdd/MatMul after doit), entry by entry.
import { LatexSyntaxError } from "./latex-lexer.js";
import { addFlat, type MathValue, mulFlat } from "./math-value.js";

type MatrixValue = Extract<MathValue, { type: "matrix" }>;

function entry(matrix: MatrixValue, row: number, column: number): MathValue {
  const value = matrix.rows[row]?.[column];
  if (value === undefined) throw new LatexSyntaxError("matrix index out of range");
  return value;
}

/** A scalar times a matrix, entry by entry (`-M` is -1 · M). */
export function scaleMatrix(scalar: MathValue, matrix: MathValue): MathValue {
  if (matrix.type !== "matrix") return mulFlat(scalar, matrix);
  return { type: "matrix", rows: matrix.rows.map((row) => row.map((value) => mulFlat(scalar, value))) };
}

/** A + B for matrices of one shape; a matrix plus a scalar has no value (sympy raises). */
export function matrixSum(left: MathValue, right: MathValue): MathValue {
  if (left.type !== "matrix" || right.type !== "matrix") throw new LatexSyntaxError("matrix plus scalar");
  if (left.rows.length !== right.rows.length || left.rows[0]?.length !== right.rows[0]?.length) {
    throw new LatexSyntaxError("matrix shapes differ");
  }
  return {
    type: "matrix",
    rows: left.rows.map((row, rowIndex) =>
      row.map((value, column) => addFlat(value, entry(right, rowIndex, column))),
    ),
  };
}

/** A · B (or a scalar times a matrix). */
export function matrixProduct(left: MathValue, right: MathValue): MathValue {
  if (left.type !== "matrix") return scaleMatrix(left, right);
  if (right.type !== "matrix") return scaleMatrix(right, left);
  const inner = left.rows[0]?.length ?? 0;
  if (inner !== right.rows.length) throw new LatexSyntaxError("matrix shapes do not multiply");
  const columns = right.rows[0]?.length ?? 0;
  const rows = left.rows.map((_, rowIndex) =>
    Array.from({ length: columns }, (_unused, column) => {
      const terms = Array.from({ length: inner }, (_term, index) =>
        mulFlat(entry(left, rowIndex, index), entry(right, index, column)),
      );
      return terms.length === 1 && terms[0] !== undefined
        ? terms[0]
        : ({ type: "add", args: terms } as MathValue);
    }),
  );
  return { type: "matrix", rows };
}
