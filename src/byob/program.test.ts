// `program(fn)` and `benchmark(config, program(fn))`: what a program takes, and the parameters a benchmark of
// programs refuses (each with what to change).
import { describe, expect, it } from "vitest";
import { ConfigError } from "../errors.js";
import { isRecipeProgram } from "../runner/score-answer.js";
import type { BenchmarkConfigInput } from "./benchmark-config.js";
import { compileBenchmark } from "./compile-benchmark.js";
import { benchmark } from "./define-benchmark.js";
import { type ConversationSession, isProgram, type ProgramInput, program } from "./program.js";
import { type ScorerInput, scorer } from "./scorer.js";

const conversation = program(async function conversation(
  _sample: ProgramInput,
  session: ConversationSession,
) {
  const answer = await session.send([{ role: "user", content: "hi" }]);
  return { correct: answer.response === "hello" };
});

const BASE = { name: "chat", dataset: "rows.jsonl", prompt: "{q}" } satisfies BenchmarkConfigInput;
const SOURCE = { repository: "example/ref", pin: "0123456789abcdef0123456789abcdef01234567" };

describe("program", () => {
  it("marks a function of (sample, session) or (sample, session, config)", () => {
    expect(isProgram(conversation)).toBe(true);
    const withConfig = program(
      async (_sample: ProgramInput, _session: ConversationSession, _config: unknown) => ({
        correct: true,
      }),
    );
    expect(isProgram(withConfig)).toBe(true);
    expect(
      isProgram(async (_sample: ProgramInput, _session: ConversationSession) => ({ correct: true })),
    ).toBe(false);
  });

  it.each([
    [
      "one parameter",
      async function solo(_sample: ProgramInput) {
        return { correct: true };
      },
      /^program solo takes 1 parameter; a program takes two, \(sample, session\), or three/,
    ],
    [
      "four parameters",
      async (_a: unknown, _b: unknown, _c: unknown, _d: unknown) => ({ correct: true }),
      /^the anonymous program takes 4 parameters; a program takes two/,
    ],
    ["no parameter", async () => ({ correct: true }), /^the anonymous program takes 0 parameters/],
  ])("refuses a function with %s, naming it and showing the form", (_what, fn, message) => {
    expect(() => program(fn as never)).toThrow(ConfigError);
    expect(() => program(fn as never)).toThrow(message);
  });

  it("refuses what is not a function", () => {
    expect(() => program(null as never)).toThrow(/program\(\) takes a function, got null/);
    expect(() => program("run" as never)).toThrow(/program\(\) takes a function, got string/);
  });
});

describe("benchmark with a program", () => {
  it("keeps the program, not a scorer, and compiles it into the recipe's grader", () => {
    const definition = benchmark({ ...BASE, name: "chat ok" }, conversation);
    expect(definition.program).toBe(conversation);
    expect(definition.scorer).toBeUndefined();
    const [recipe] = compileBenchmark(definition).recipes;
    expect(recipe.name).toBe("byob");
    expect(recipe.defaultEndpointType).toBe("chat");
    expect(isRecipeProgram(recipe.grader)).toBe(true);
    expect(typeof recipe.grader === "object" ? recipe.grader.name : "").toBe("program conversation");
  });

  it("keeps a recipe's usesUserModel: the program may talk to a simulated user", () => {
    const definition = benchmark(
      {
        ...BASE,
        name: "with user",
        recipes: [
          {
            name: "sim",
            description: "a user model plays the customer",
            sources: [SOURCE],
            usesUserModel: true,
          },
        ],
      },
      conversation,
    );
    const [recipe] = compileBenchmark(definition).recipes;
    expect(recipe.usesUserModel).toBe(true);
    expect(
      compileBenchmark(benchmark({ ...BASE, name: "no user" }, conversation)).recipes[0].usesUserModel,
    ).toBe(undefined);
  });

  it.each([
    [
      "a recipe that names a grader",
      { recipes: [{ name: "ref", description: "a reference", sources: [SOURCE], grader: "exact_match" }] },
      /recipe "ref" names a grader, but the program grades its samples: leave the recipe's graders out\.$/,
    ],
    [
      "a recipe with named graders",
      {
        recipes: [
          {
            name: "ref",
            description: "a reference",
            sources: [SOURCE],
            graders: {
              strict: scorer((sample: ScorerInput) => ({ correct: sample.response === sample.target })),
            },
          },
        ],
      },
      /recipe "ref" names a grader/,
    ],
    [
      "endpointType completions",
      { endpointType: "completions" },
      /a program sends chat conversations: leave "endpointType" out \(or set it to chat\)\.$/,
    ],
    ["messagesField", { messagesField: "messages" }, /"messagesField" and "structuredOutput" do not apply/],
    [
      "structuredOutput",
      { structuredOutput: { schemaField: "schema" } },
      /"messagesField" and "structuredOutput" do not apply/,
    ],
    [
      "responseField",
      { responseField: "saved" },
      /a program asks the model itself: "responseField" \(eval-only answers\) does not apply\.$/,
    ],
    ["numFewshot", { numFewshot: 2 }, /a program builds its own requests: "numFewshot" does not apply\.$/],
  ])("refuses %s", (_what, extra, message) => {
    const define = () => benchmark({ ...BASE, ...extra } as BenchmarkConfigInput, conversation);
    expect(define).toThrow(ConfigError);
    expect(define).toThrow(/^benchmark\(\): benchmark "chat": /);
    expect(define).toThrow(message);
  });

  it("refuses `tasks` without `taskField`, as any benchmark does", () => {
    const define = () => benchmark({ ...BASE, tasks: ["en", "fr"] }, conversation);
    expect(define).toThrow(ConfigError);
    expect(define).toThrow(/"tasks" lists the values of the task column: give "taskField" too\./);
  });

  it("says to wrap a bare function in scorer() or program()", () => {
    const bare = async (_sample: ProgramInput, _session: ConversationSession) => ({ correct: true });
    expect(() => benchmark(BASE, bare as never)).toThrow(
      /its scorer must be wrapped in scorer\(\) \(or program\(\), for samples that send their own requests\)/,
    );
  });
});
