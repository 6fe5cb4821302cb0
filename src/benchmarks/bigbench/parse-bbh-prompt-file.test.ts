// Tests of the BBH prompt-file parser and the DeepEval file text: canary removal, multi-paragraph descriptions,
// exemplar parts, and DeepEval's naive blank-line split.
import { describe, expect, it } from "vitest";
import { deepevalBbhFileText, deepevalBbhPromptText } from "./deepeval-bbh-prompt.js";
import { directExemplarText, parseBbhPromptFile } from "./parse-bbh-prompt-file.js";

const FILE =
  "CANARY\n-----\nPick one.\n\nSecond paragraph.\n\nQ: a?\nA: Let's think step by step.\nBecause. So the answer is (A).\n\n" +
  "Q: b?\nA: Let's think step by step. Hmm. So the answer is ] ).\n";

describe("parseBbhPromptFile", () => {
  it("keeps a two-paragraph description and splits each exemplar into question, reasoning and answer", () => {
    const file = parseBbhPromptFile(FILE, "x.txt");
    expect(file.description).toBe("Pick one.\n\nSecond paragraph.");
    expect(file.exemplars).toEqual([
      {
        text: "Q: a?\nA: Let's think step by step.\nBecause. So the answer is (A).",
        input: "a?",
        reasoning: "Because. So the answer is (A).",
        answer: "(A)",
      },
      {
        text: "Q: b?\nA: Let's think step by step. Hmm. So the answer is ] ).",
        input: "b?",
        reasoning: "Hmm. So the answer is ] ).",
        answer: "] )",
      },
    ]);
    expect(file.exemplars.map(directExemplarText)).toEqual(["Q: a?\nA: (A)", "Q: b?\nA: ] )"]);
  });

  it("rebuilds DeepEval's files and splits them on every blank line, description paragraphs included", () => {
    const file = parseBbhPromptFile(FILE, "x.txt");
    expect(deepevalBbhFileText("navigate", file, false)).toBe(
      "Pick one.\n\nSecond paragraph.\n\nQ: a?\nA: (A)\n\nQ: b?\nA: ] )",
    );
    // One shot asked: the second description paragraph takes the exemplar's place, as in DeepEval.
    expect(deepevalBbhPromptText("navigate", file, "c?", 1, false)).toBe(
      "Task description: Pick one.\n\nSecond paragraph.\n\nQ: c?\nA: \n\nOutput 'Yes' or 'No'. Full answer not needed.",
    );
  });

  it("rejects an exemplar without a final answer, naming the file", () => {
    expect(() => parseBbhPromptFile("D.\n\nQ: a?\nA: nothing", "bad.txt")).toThrow(/bad\.txt: exemplar 1/);
  });
});
