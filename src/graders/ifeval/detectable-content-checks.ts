// The `detectable_content:` instructions: `[placeholder]` count and a postscript marker.

import { pythonRegExp } from "../python-pattern.js";
import { pythonStrip } from "../python-whitespace.js";
import type { InstructionKwargs } from "./instruction-kwargs.js";

const PLACEHOLDER = /\[[^\n]*?\]/g;
const PPS_LINE = pythonRegExp("\\s*p\\.\\s?p\\.\\s?s.*$", { isMultiline: true });
const PS_LINE = pythonRegExp("\\s*p\\.\\s?s\\..*$", { isMultiline: true });

/** At least `num_placeholders` non-greedy `[...]` spans within a line. */
export function checkNumberPlaceholders(
  response: string,
  kwargs: InstructionKwargs["detectable_content:number_placeholders"],
): boolean {
  return (response.match(PLACEHOLDER)?.length ?? 0) >= kwargs.num_placeholders;
}

/**
 * The lower-cased response has the marker followed by the rest of a line: `P.P.S` and `P.S.` allow a space after
 * each period (`p. s.`); any other marker is a Python regex, lower-cased.
 */
export function checkPostscript(
  response: string,
  kwargs: InstructionKwargs["detectable_content:postscript"],
): boolean {
  const marker = pythonStrip(kwargs.postscript_marker);
  const pattern =
    marker === "P.P.S"
      ? PPS_LINE
      : marker === "P.S."
        ? PS_LINE
        : pythonRegExp(`\\s*${marker.toLowerCase()}.*$`, { isMultiline: true });
  return pattern.test(response.toLowerCase());
}
