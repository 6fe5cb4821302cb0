// `taskField` / `tasks` in a definition: each row's task from its column, `--tasks` keeping those tasks' samples
// (declared tasks, or the ones the data has), accuracy per task, and the mistakes refused.
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError } from "../errors.js";
import { gradeResponses, type PregeneratedResponse } from "../runner/grade-responses.js";
import { removeTempFolders, tempFolder } from "./test-support/temp-folder.js";

afterAll(removeTempFolders);

const ROWS = [
  { q: "one?", a: "1", lang: "en" },
  { q: "deux ?", a: "2", lang: "fr" },
  { q: "three?", a: "3", lang: "en" },
  { q: "quatre ?", a: "4", lang: "fr" },
];

/** A YAML definition of the rows with `extra` lines, in a folder of its own. */
function definition(extra: string): string {
  const dir = tempFolder(
    {
      "rows.jsonl": ROWS,
      "langs.yaml": `name: langs\ndataset: rows.jsonl\nprompt: '{q}'\ntarget_field: a\nscorer: exact_match\n${extra}`,
    },
    "task-field-",
  );
  return path.join(dir, "langs.yaml");
}

/** Every sample of the rows answered right, except "deux ?". */
const ANSWERS: PregeneratedResponse[] = ROWS.map((row, index) => ({
  id: String(index),
  response: row.q === "deux ?" ? "0" : row.a,
  source: `answers line ${index + 1}`,
}));

function grade(file: string, tasks: string[] | undefined, answers: readonly PregeneratedResponse[]) {
  return gradeResponses(
    {
      benchmarks: [file],
      outputDir: tempFolder({}, "task-field-out-"),
      ...(tasks === undefined ? {} : { tasks }),
    },
    answers,
    { env: {} },
  );
}

describe("taskField", () => {
  it("reports accuracy per task, the task read from each row", async () => {
    const graded = await grade(definition("task_field: lang\ntasks: [en, fr]\n"), undefined, ANSWERS);
    expect(graded.summary.tasks.map((task) => [task.task, task.correct, task.total])).toEqual([
      ["en", 2, 2],
      ["fr", 1, 2],
    ]);
  });

  it.each([
    ["declared with tasks", "task_field: lang\ntasks: [en, fr]\n"],
    ["read from the data", "task_field: lang\n"],
  ])("keeps the samples of the --tasks named, its tasks %s", async (_how, extra) => {
    const frenchOnly = ANSWERS.filter((answer) => answer.id === "1" || answer.id === "3");
    const graded = await grade(definition(extra), ["fr"], frenchOnly);
    expect(graded.summary.plannedSamples).toBe(2);
    expect(graded.summary.tasks.map((task) => [task.task, task.correct, task.total])).toEqual([["fr", 1, 2]]);
    // An English sample is not one of this run's.
    await expect(grade(definition(extra), ["fr"], [ANSWERS[0] as PregeneratedResponse])).rejects.toThrow(
      'answers line 1: field "id": "0" is not a sample of langs.',
    );
  });

  it("refuses a task neither declared nor in the data, listing the known ones", async () => {
    const grading = grade(definition("task_field: lang\n"), ["de"], ANSWERS);
    await expect(grading).rejects.toThrow(ConfigError);
    await expect(grading).rejects.toThrow(/unknown task de; known: en, fr\./);
  });

  it("refuses `tasks` without `taskField`, and --tasks for a benchmark without subtasks", async () => {
    const file = definition("tasks: [en, fr]\n");
    await expect(grade(file, undefined, ANSWERS)).rejects.toThrow(
      `${file}: "tasks" lists the values of the task column: give "task_field" too.`,
    );
    await expect(grade(definition(""), ["en"], ANSWERS)).rejects.toThrow(ConfigError);
  });
});
