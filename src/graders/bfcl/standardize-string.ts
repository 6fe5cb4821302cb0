// BFCL's string standardisation before comparing strings (`standardize_string` in ast_checker.py).

const REMOVED = /[ ,./\-_*^]/g;

/** Removes spaces and `,./-_*^`, lower-cases (Python `str.lower`), then turns `'` into `"`. */
export function standardizeString(text: string): string {
  return text.replace(REMOVED, "").toLowerCase().replaceAll("'", '"');
}
