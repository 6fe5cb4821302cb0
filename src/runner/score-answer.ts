// One answer through the plan's grader or scorer: a verdict for the journal, the scorer's named values, or the
// scorer's failure as data (the sample becomes an error; the run goes on).
import type { AnswerToScore, RecipeScorer, Scores } from "../benchmarks/types.js";
import { ConfigError, toError } from "../errors.js";
import type { Grade, Grader } from "../graders/types.js";

export interface ScoredAnswer {
  grade: Grade;
  /** The scorer's values; absent for a registered grader. */
  scores?: Scores;
  /** Set when the scorer threw: the sample is recorded with status "error" and this. */
  error?: { code: string; message: string };
}

/** An answer whose `<think>` block never closed: wrong and unparsed, and not given to any grader or scorer. */
export const UNCLOSED_THINK: ScoredAnswer = {
  grade: {
    isCorrect: false,
    score: 0,
    extracted: null,
    isUnparsed: true,
    reason: "the <think> block never closed",
  },
};

/** A registered grader or a recipe's scorer. */
export function isRecipeScorer(grader: Grader | RecipeScorer): grader is RecipeScorer {
  return typeof grader !== "function";
}

/**
 * The scorer's accuracy value: `correct`, else the first boolean. A verdict needs a boolean (or `correct` as 0/1);
 * a scorer of numbers only has no accuracy, its metrics say it all.
 */
function verdictOf(scores: Scores, notes: ScorerNotes): Grade {
  const correct = scores["correct"];
  const primary = correct ?? Object.values(scores).find((value) => typeof value === "boolean");
  const isCorrect = primary === true || primary === 1;
  const firstNumber = Object.values(scores).find((value) => typeof value === "number");
  const score = primary === undefined ? (firstNumber ?? 0) : Number(primary);
  return {
    isCorrect,
    score,
    extracted: notes.extracted ?? null,
    isUnparsed: false,
    reason: notes.reason ?? `scores ${JSON.stringify(scores)}`,
  };
}

/** The two texts a scorer may return beside its values: why (`reason`) and what it read (`extracted`). */
interface ScorerNotes {
  reason?: string;
  extracted?: string;
}

/** `reason` and `extracted` taken out of a scorer's result (each must be a string); the rest are its values. */
function splitNotes(value: unknown, scorerName: string): { values: unknown; notes: ScorerNotes } {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return { values: value, notes: {} };
  const { reason, extracted, ...values } = value as Record<string, unknown>;
  const notes: ScorerNotes = {};
  for (const [key, text] of [
    ["reason", reason],
    ["extracted", extracted],
  ] as const) {
    if (text === undefined) continue;
    if (typeof text !== "string") {
      throw new ConfigError(
        `${scorerName} returned ${describe(text)} for "${key}"; "${key}" is the one text a scorer may return beside its values: give a string, or leave it out.`,
      );
    }
    notes[key] = text;
  }
  return { values, notes };
}

/**
 * What a scorer returned, checked: a record of booleans and numbers. Anything else is a mistake in the definition
 * (a ConfigError, which stops the run: every sample would hit it).
 */
function checkScores(value: unknown, scorerName: string): Scores {
  const fix = `return an object of named booleans and numbers, e.g. { correct: true, f1: 0.8 }`;
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ConfigError(`${scorerName} returned ${describe(value)}; a scorer must ${fix}.`);
  }
  const entries = Object.entries(value);
  if (entries.length === 0) throw new ConfigError(`${scorerName} returned {}; a scorer must ${fix}.`);
  for (const [key, entry] of entries) {
    if (typeof entry !== "boolean" && !(typeof entry === "number" && Number.isFinite(entry))) {
      throw new ConfigError(`${scorerName} returned ${describe(entry)} for "${key}"; a scorer must ${fix}.`);
    }
  }
  return value as Scores;
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return `the string ${JSON.stringify(value.slice(0, 40))}`;
  return typeof value === "number" ? `the number ${value}` : `a value of type ${typeof value}`;
}

/** Grades `answer`: a grader's verdict at once, or the scorer's values (awaited) turned into one. */
export async function scoreAnswer(
  grader: Grader | RecipeScorer,
  answer: AnswerToScore,
): Promise<ScoredAnswer> {
  if (!isRecipeScorer(grader)) {
    const { sample, response } = answer;
    try {
      return {
        grade: grader({
          response,
          gold: sample.gold,
          ...(sample.choices ? { choices: sample.choices } : {}),
        }),
      };
    } catch (error) {
      const reason = `grader failed: ${toError(error).message}`;
      return { grade: { isCorrect: false, score: 0, extracted: null, isUnparsed: true, reason } };
    }
  }
  let returned: unknown;
  try {
    returned = await grader.score(answer);
  } catch (error) {
    const message = `${grader.name} threw: ${toError(error).message}`;
    return {
      grade: { isCorrect: false, score: 0, extracted: null, isUnparsed: true, reason: message },
      error: { code: "E_SCORER", message },
    };
  }
  const { values, notes } = splitNotes(returned, grader.name);
  const scores = checkScores(values, grader.name);
  return { grade: verdictOf(scores, notes), scores };
}
