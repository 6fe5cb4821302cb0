// Expected ratios are CPython 3.11.7's `difflib.SequenceMatcher(None, response, answer).ratio()` after
// `removeprefix`, as OpenAI's MRCR `grade` computes them.
import { describe, expect, it } from "vitest";
import { mrcrScore } from "./mrcr-grade.js";

const PREFIX = "aYooSG8CQg";
const ANSWER = `${PREFIX}Moss on the stones,\nslow tapirs drink at dusk.`;

describe("mrcrScore", () => {
  it("scores 0 when the response does not start with the prefix, even if it is otherwise the answer", () => {
    expect(mrcrScore("Moss on the stones,\nslow tapirs drink at dusk.", ANSWER, PREFIX)).toEqual({
      score: 0,
      startsWithPrefix: false,
    });
    expect(mrcrScore(`  ${ANSWER}`, ANSWER, PREFIX)).toEqual({ score: 0, startsWithPrefix: false });
  });

  it("scores 1 for the prefix followed by the exact answer", () => {
    expect(mrcrScore(ANSWER, ANSWER, PREFIX)).toEqual({ score: 1, startsWithPrefix: true });
  });

  it("scores a partial answer with Python's ratio on the prefix-stripped strings", () => {
    const response = `${PREFIX}Moss on stones,\nthe slow tapir drinks at dusk.`;
    expect(mrcrScore(response, ANSWER, PREFIX)).toEqual({
      score: 0.8913043478260869,
      startsWithPrefix: true,
    });
  });

  it("scores the bare prefix 0 but records that the format was kept", () => {
    expect(mrcrScore(PREFIX, ANSWER, PREFIX)).toEqual({ score: 0, startsWithPrefix: true });
  });

  it("leaves an answer without the prefix as it is (removeprefix is a no-op)", () => {
    expect(mrcrScore(`${PREFIX}Moss on the stones`, "Moss on the stone", PREFIX)).toEqual({
      score: 0.9714285714285714,
      startsWithPrefix: true,
    });
  });
});
