// Python's `json.loads` acceptance: standard JSON plus the bare constants `NaN`, `Infinity` and `-Infinity`.

const PYTHON_ONLY_CONSTANT = /^(?:-?Infinity|NaN)/;

/** The text with each `NaN` / `Infinity` / `-Infinity` outside strings replaced by `0`. */
function replacePythonConstants(text: string): string {
  let result = "";
  let isInString = false;
  for (let index = 0; index < text.length; index++) {
    const character = text[index] ?? "";
    if (isInString) {
      result += character;
      if (character === "\\") {
        result += text[index + 1] ?? "";
        index++;
      } else if (character === '"') {
        isInString = false;
      }
      continue;
    }
    if (character === '"') isInString = true;
    const constant = PYTHON_ONLY_CONSTANT.exec(text.slice(index, index + 9));
    if (constant !== null) {
      result += "0";
      index += constant[0].length - 1;
      continue;
    }
    result += character;
  }
  return result;
}

/** Whether Python's `json.loads(text)` would succeed. */
export function isPythonJson(text: string): boolean {
  for (const candidate of [text, replacePythonConstants(text)]) {
    try {
      JSON.parse(candidate);
      return true;
    } catch {
      // Try the next reading.
    }
  }
  return false;
}
