// How a cell of an MMLU CSV reads after `pandas.read_csv` and `str.format`: the missing-value markers become "nan".

/** pandas' default `na_values` (`STR_NA_VALUES`): a cell that is exactly one of these is read as NaN. */
const PANDAS_NA_VALUES: ReadonlySet<string> = new Set([
  "",
  "#N/A",
  "#N/A N/A",
  "#NA",
  "-1.#IND",
  "-1.#QNAN",
  "-NaN",
  "-nan",
  "1.#IND",
  "1.#QNAN",
  "<NA>",
  "N/A",
  "NA",
  "NULL",
  "NaN",
  "None",
  "n/a",
  "nan",
  "null",
]);

/**
 * The text a script that reads MMLU with `pandas.read_csv` (SGLang's `bench_sglang.py`, simple-evals'
 * `mmlu_eval.py`) puts in its prompt for a cell: "nan" for a default missing-value marker (10 test options of the
 * real data are "None"), else the cell as it is. Not reproduced: pandas re-prints a column whose every cell is numeric
 * (`1.50` → `1.5`, `2` → `2.0` beside a decimal); in the MMLU files no such column prints differently.
 */
export function pandasCellText(cell: string): string {
  return PANDAS_NA_VALUES.has(cell) ? "nan" : cell;
}
