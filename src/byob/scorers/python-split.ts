// Python's `text.split()` with no argument: runs of Python whitespace separate, none at the ends.
import { PYTHON_WHITESPACE_CLASS } from "../../graders/python-whitespace.js";

const WHITESPACE_RUN = new RegExp(`${PYTHON_WHITESPACE_CLASS}+`, "u");

export function pythonSplit(text: string): string[] {
  return text.split(WHITESPACE_RUN).filter((token) => token !== "");
}
