// Tests of MMLU on the real data in the shared folder (skipped when it is absent): counts, golden prompt, oracle.
import { describe, expect, it } from "vitest";
import { multipleChoice } from "../../graders/multiple-choice.js";
import { createLocalDatasetContext } from "../test-support/local-dataset-context.js";
import { printSkipReason, sharedDataDir } from "../test-support/shared-data-dir.js";
import { mmlu } from "./index.js";
import { MMLU_ORACLE_PHRASING_COUNT } from "./mmlu-oracle.js";
import { readMmluLocalSplit } from "./read-mmlu-rows.js";
import { MMLU_SUBJECTS } from "./subjects.js";

const dataDir = sharedDataDir("mmlu/test");
if (dataDir === undefined) printSkipReason("mmlu real-data tests");

describe.skipIf(dataDir === undefined)("mmlu on the shared data", () => {
  const context = () => createLocalDatasetContext(dataDir);

  it("loads 14,042 test rows in 57 subjects and 285 dev rows", async () => {
    const loaded = await mmlu.load({ context: context(), nShots: 5 });
    expect(loaded.samples).toHaveLength(14_042);
    expect(new Set(loaded.samples.map((sample) => sample.task))).toEqual(new Set(MMLU_SUBJECTS));
    expect(new Set(loaded.samples.map((sample) => sample.id)).size).toBe(14_042);
    const dev = await readMmluLocalSplit(context(), "dev", MMLU_SUBJECTS);
    expect([...dev.values()].reduce((total, rows) => total + rows.length, 0)).toBe(285);
    expect([...dev.values()].every((rows) => rows.length === 5)).toBe(true);
    expect(loaded.samples.at(-1)?.id).toBe("world_religions/170");
  });

  it("builds the hand-checked 5-shot prompt of abstract_algebra/0", async () => {
    const loaded = await mmlu.load({ context: context(), nShots: 5, tasks: ["abstract_algebra"] });
    const sample = loaded.samples[0];
    if (!sample) throw new Error("missing sample");
    expect(sample.gold).toBe("B");
    const prompt = loaded.buildPrompt(sample, {
      endpointType: "completions",
      nShots: 5,
      systemPrompt: undefined,
      cot: false,
    });
    expect(prompt).toEqual({
      type: "completion",
      text: `The following are multiple choice questions (with answers) about abstract algebra.

Find all c in Z_3 such that Z_3[x]/(x^2 + c) is a field.
A. 0
B. 1
C. 2
D. 3
Answer: B

Statement 1 | If aH is an element of a factor group, then |aH| divides |a|. Statement 2 | If H and K are subgroups of G then HK is a subgroup of G.
A. True, True
B. False, False
C. True, False
D. False, True
Answer: B

Statement 1 | Every element of a group generates a cyclic subgroup of the group. Statement 2 | The symmetric group S_10 has 10 elements.
A. True, True
B. False, False
C. True, False
D. False, True
Answer: C

Statement 1| Every function from a finite set onto itself must be one to one. Statement 2 | Every subgroup of an abelian group is abelian.
A. True, True
B. False, False
C. True, False
D. False, True
Answer: A

Find the characteristic of the ring 2Z.
A. 0
B. 3
C. 12
D. 30
Answer: A

Find the degree for the given field extension Q(sqrt(2), sqrt(3), sqrt(18)) over Q.
A. 0
B. 4
C. 2
D. 6
Answer:`,
    });
  });

  it("trims a question's surrounding spaces in the hand-checked 0-shot chat prompt of business_ethics/3", async () => {
    const loaded = await mmlu.load({ context: context(), nShots: 0, tasks: ["business_ethics"] });
    const sample = loaded.samples[3];
    if (!sample) throw new Error("missing sample");
    expect(sample.gold).toBe("D");
    expect(
      loaded.buildPrompt(sample, { endpointType: "chat", nShots: 0, systemPrompt: undefined, cot: false }),
    ).toEqual({
      type: "chat",
      messages: [
        {
          role: "user",
          content:
            "The following are multiple choice questions (with answers) about business ethics.\n\n" +
            "______ is an employee's preferred ratio between work-related and non-work-related activities which, " +
            "due to intensification of work and technological shifts, has become a hotly contested issue in recent years." +
            "\nA. Presenteeism\nB. Absenteeism\nC. Work-play balance\nD. Work-life balance\nAnswer:",
        },
      ],
    });
  });

  it("grades every oracle phrasing of every sample as intended, and each gold letter as correct", async () => {
    const loaded = await mmlu.load({ context: context(), nShots: 0 });
    let graded = 0;
    const mismatches: string[] = [];
    for (const sample of loaded.samples) {
      const input = { gold: sample.gold, choices: sample.choices };
      if (!multipleChoice({ ...input, response: `Answer: ${sample.gold}` }).isCorrect)
        mismatches.push(sample.id);
      for (let variant = 0; variant < 2 * MMLU_ORACLE_PHRASING_COUNT; variant++) {
        for (const isCorrect of [true, false]) {
          const response = mmlu.oracle.answer(sample, isCorrect, variant, mmlu.recipes[0]);
          graded++;
          if (multipleChoice({ ...input, response }).isCorrect !== isCorrect) {
            mismatches.push(`${sample.id} #${variant} ${isCorrect}: ${response}`);
          }
        }
      }
    }
    expect(mismatches.slice(0, 10)).toEqual([]);
    expect(graded).toBe(14_042 * 4 * MMLU_ORACLE_PHRASING_COUNT);
  });
});
