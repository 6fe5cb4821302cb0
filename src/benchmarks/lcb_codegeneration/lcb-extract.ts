// The program in a model's answer, as LiveCodeBench extracts it for chat models (LiveCodeBench/LiveCodeBench
// lcb_runner/utils/extraction_utils.py@28fef95ea8c9f7a547c8329f2cd3d32b92c1fa24 `extract_code`, every style but
// CodeLLaMaInstruct and GenericBase): the lines between the last two lines that contain three backticks.

const FENCE = "```";

/** The text between the last two lines containing ``` (exclusive); "" when fewer than two lines contain it. */
export function extractLcbCode(modelOutput: string): string {
  const lines = modelOutput.split("\n");
  const fenceLines: number[] = [];
  lines.forEach((line, index) => {
    if (line.includes(FENCE)) fenceLines.push(index);
  });
  const open = fenceLines.at(-2);
  const close = fenceLines.at(-1);
  if (open === undefined || close === undefined) return "";
  return lines.slice(open + 1, close).join("\n");
}
