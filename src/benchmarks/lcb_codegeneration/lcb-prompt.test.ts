// Prompt bytes: expected strings are the repr() of LiveCodeBench's own `get_generic_question_template_answer`
// (lcb_runner/prompts/code_generation.py@28fef95ea8c9f7a547c8329f2cd3d32b92c1fa24) run by CPython 3.11.7 on the
// same question_content and starter_code.
import { describe, expect, it } from "vitest";
import { buildLcbPrompt, LCB_SYSTEM_MESSAGE, lcbQuestionPrompt } from "./lcb-prompt.js";

describe("lcbQuestionPrompt", () => {
  it("without starter code: read stdin, write stdout, a '# YOUR CODE HERE' fence", () => {
    expect(
      lcbQuestionPrompt({ questionContent: "Read two numbers.\nPrint their sum.", starterCode: "" }),
    ).toBe(
      "### Question:\nRead two numbers.\nPrint their sum.\n\n### Format: Read the inputs from stdin solve the " +
        "problem and write the answer to stdout (do not directly test on the sample inputs). Enclose your code " +
        "within delimiters as follows. Ensure that when the python program runs, it reads the inputs, runs the " +
        "algorithm and writes output to STDOUT.\n```python\n# YOUR CODE HERE\n```\n\n### Answer: (use the " +
        "provided format with backticks)\n\n",
    );
  });

  it("with starter code: the starter code in a python fence", () => {
    const starterCode =
      "class Solution:\n    def countPairs(self, nums: List[int], target: int) -> int:\n        ";
    expect(lcbQuestionPrompt({ questionContent: "Return the number of pairs.", starterCode })).toBe(
      "### Question:\nReturn the number of pairs.\n\n### Format: You will use the following starter code to write " +
        "the solution to the problem and enclose your code within delimiters.\n```python\nclass Solution:\n    " +
        "def countPairs(self, nums: List[int], target: int) -> int:\n        \n```\n\n### Answer: (use the " +
        "provided format with backticks)\n\n",
    );
  });

  it("whitespace-only starter code is starter code (Python truthiness of a non-empty str)", () => {
    expect(lcbQuestionPrompt({ questionContent: "Q", starterCode: " " })).toContain("```python\n \n```");
  });
});

describe("buildLcbPrompt", () => {
  it("sends the generic system message, then the question (LMStyle.OpenAIChat)", () => {
    const prompt = buildLcbPrompt({ questionContent: "Q", starterCode: "" });
    expect(LCB_SYSTEM_MESSAGE).toBe(
      "You are an expert Python programmer. You will be given a question (problem specification) and will " +
        "generate a correct Python program that matches the specification and passes all tests.",
    );
    expect(prompt).toEqual({
      type: "chat",
      messages: [
        { role: "system", content: LCB_SYSTEM_MESSAGE },
        { role: "user", content: lcbQuestionPrompt({ questionContent: "Q", starterCode: "" }) },
      ],
    });
  });
});
