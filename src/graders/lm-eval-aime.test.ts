// lm_eval_aime: lm-eval's AIME process_results (utils.py@4e7e0d47f33bc71070c1d38394bafbb52b117163), quirks included.
import { describe, expect, it } from "vitest";
import { hendrycksStripString, lmEvalAime } from "./lm-eval-aime.js";

const grade = (response: string, gold: string) => lmEvalAime({ response, gold });

describe("lmEvalAime", () => {
  it("reads the last \\boxed{}, else the text between the first and last $, else the whole response", () => {
    expect(grade("We find $x = 3$ and so \\boxed{204}.", "204")).toMatchObject({
      isCorrect: true,
      isUnparsed: false,
      extracted: "204",
    });
    expect(grade("The answer is $204$", "204")).toMatchObject({
      isCorrect: true,
      isUnparsed: true,
      extracted: "204",
    });
    expect(grade("204", "204").isCorrect).toBe(true);
    expect(grade("The answer is 204", "204").isCorrect).toBe(false);
    expect(grade("first $1$ then $2$", "2").extracted).toBe("1$ then $2");
    expect(grade("\\boxed 204$ done", "204").isCorrect).toBe(true);
  });
  it("compares strings, not numbers: 033 ≠ 33, 204.0 ≠ 204", () => {
    expect(grade("\\boxed{033}", "33").isCorrect).toBe(false);
    expect(grade("\\boxed{204.0}", "204").isCorrect).toBe(false);
    expect(grade("\\boxed{33}", "33").isCorrect).toBe(true);
  });
  it("applies the Hendrycks strip_string: spaces, \\dfrac, a/b, \\text{ units}, k =, 0.5", () => {
    expect(grade("\\boxed{\\dfrac{1}{2}}", "1/2").isCorrect).toBe(true);
    expect(grade("\\boxed{0.5}", "\\frac12").isCorrect).toBe(true);
    expect(grade("\\boxed{12 \\text{ cm}}", "12").isCorrect).toBe(true);
    expect(grade("\\boxed{k = 12}", "12").isCorrect).toBe(true);
    expect(hendrycksStripString("\\sqrt2 + 1")).toBe("\\sqrt{2}+1");
  });
  it("an \\fbox{} fails remove_boxed's assert and the $…$ answer stays", () => {
    expect(grade("$7$ so \\fbox{8}", "7").isCorrect).toBe(true);
  });
  it("falls back to raw string equality where strip_string raises", () => {
    // int("x") raises in fix_a_slash_b: "x/2" is then compared as written.
    expect(grade("\\boxed{x/2}", "x/2").isCorrect).toBe(true);
    expect(grade("\\boxed{x / 2}", "x/2").isCorrect).toBe(false);
  });
});
