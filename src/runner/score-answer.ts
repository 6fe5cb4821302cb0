// One answer through the plan's grader or scorer: a verdict for the journal, the scorer's named values, or the
// scorer's failure as data (the sample becomes an error; the run goes on).
import type {
  AnswerToScore,
  RecipeProgram,
  RecipeScorer,
  ScoreDetails,
  ScoreRatio,
  Scores,
} from "../benchmarks/types.js";
import { ConfigError, toError } from "../errors.js";
import type { Grade, Grader } from "../graders/types.js";

export interface ScoredAnswer {
  grade: Grade;
  /** The scorer's values; absent for a registered grader. */
  scores?: Scores;
  /** What the scorer found (its `details` object), for the journal record. */
  details?: ScoreDetails;
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

/** What grades a plan's answers: a registered grader, a recipe's scorer, or a sample program (which asks too). */
export type PlanGrader = Grader | RecipeScorer | RecipeProgram;

/** A recipe's scorer (not a registered grader, not a program). */
export function isRecipeScorer(grader: PlanGrader): grader is RecipeScorer {
  return typeof grader !== "function" && !isRecipeProgram(grader);
}

/** A sample program: it sends a sample's requests itself and returns its grade. */
export function isRecipeProgram(grader: PlanGrader | string): grader is RecipeProgram {
  return typeof grader === "object" && "kind" in grader && grader.kind === "program";
}

/**
 * The scorer's accuracy value: `correct`, else the first boolean. A verdict needs a boolean (or `correct` as 0/1);
 * a scorer of numbers only has no accuracy, its metrics say it all.
 */
function verdictOf(scores: Scores, notes: ScorerNotes): Grade {
  const correct = scores["correct"];
  const values = Object.values(scores);
  const primary =
    typeof correct === "boolean" || typeof correct === "number"
      ? correct
      : values.find((value): value is boolean => typeof value === "boolean");
  const isCorrect = primary === true || primary === 1;
  const firstNumber = values.find((value): value is number => typeof value === "number");
  const score = primary === undefined ? (firstNumber ?? 0) : Number(primary);
  return {
    isCorrect,
    score,
    extracted: notes.extracted ?? null,
    isUnparsed: false,
    reason: notes.reason ?? `scores ${JSON.stringify(scores)}`,
  };
}

/**
 * What a scorer may return beside its values: why (`reason`), what it read (`extracted`), what it found (`details`).
 */
interface ScorerNotes {
  reason?: string;
  extracted?: string;
  details?: ScoreDetails;
}

/** True for a plain object (not an array, not null). */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * `details` as JSON keeps it (a journal line is JSON): an object whose JSON text parses back to an object (a Date's
 * JSON is a string, which the journal could not read back as details).
 */
function checkDetails(details: unknown, scorerName: string): ScoreDetails {
  let copy: unknown;
  try {
    copy = isPlainObject(details) ? JSON.parse(JSON.stringify(details)) : undefined;
  } catch {
    copy = undefined;
  }
  if (!isPlainObject(copy)) {
    throw new ConfigError(
      `${scorerName} returned ${describe(details)} for "details"; "details" must be a JSON object (plain values, arrays and objects), e.g. { per_instruction: [...] }.`,
    );
  }
  return copy;
}

/** `reason`, `extracted` (strings) and `details` (an object) taken out of a scorer's result; the rest are values. */
function splitNotes(value: unknown, scorerName: string): { values: unknown; notes: ScorerNotes } {
  if (!isPlainObject(value)) return { values: value, notes: {} };
  const { reason, extracted, details, ...values } = value;
  const notes: ScorerNotes = details === undefined ? {} : { details: checkDetails(details, scorerName) };
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
 * A `ratio(numerator, denominator)` value: exactly those two finite numbers, the denominator ≥ 0, and optionally
 * `exp: true` (a perplexity).
 */
function isScoreRatio(value: unknown): value is ScoreRatio {
  if (!isPlainObject(value)) return false;
  const keys = Object.keys(value);
  const { numerator, denominator, exp } = value;
  const hasExp = keys.includes("exp");
  return (
    keys.length === (hasExp ? 3 : 2) &&
    (!hasExp || exp === true) &&
    typeof numerator === "number" &&
    Number.isFinite(numerator) &&
    typeof denominator === "number" &&
    Number.isFinite(denominator) &&
    denominator >= 0
  );
}

/**
 * What a scorer returned, checked: a record of booleans, numbers and ratios. Anything else is a mistake in the
 * definition (a ConfigError, which stops the run: every sample would hit it).
 */
function checkScores(value: unknown, scorerName: string): Scores {
  const fix = `return an object of named booleans, numbers and ratio(n, d) values, e.g. { correct: true, f1: 0.8 }`;
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ConfigError(`${scorerName} returned ${describe(value)}; a scorer must ${fix}.`);
  }
  const entries = Object.entries(value);
  if (entries.length === 0) throw new ConfigError(`${scorerName} returned {}; a scorer must ${fix}.`);
  for (const [key, entry] of entries) {
    if (
      typeof entry !== "boolean" &&
      !(typeof entry === "number" && Number.isFinite(entry)) &&
      !isScoreRatio(entry)
    ) {
      throw new ConfigError(`${scorerName} returned ${describe(entry)} for "${key}"; a scorer must ${fix}.`);
    }
  }
  return value as Scores;
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object that is not ratio(n, d)";
  if (typeof value === "string") return `the string ${JSON.stringify(value.slice(0, 40))}`;
  return typeof value === "number" ? `the number ${value}` : `a value of type ${typeof value}`;
}

/**
 * A scorer's (or program's) returned value checked and turned into a verdict, its values and details. A value that
 * is not what a scorer may return is a ConfigError (a mistake in the definition, which every sample would hit).
 */
export function checkScorerOutput(returned: unknown, scorerName: string): ScoredAnswer {
  const { values, notes } = splitNotes(returned, scorerName);
  const scores = checkScores(values, scorerName);
  return {
    grade: verdictOf(scores, notes),
    scores,
    ...(notes.details === undefined ? {} : { details: notes.details }),
  };
}

/** The record of a scorer or program that threw: the sample is an error (`E_SCORER`), the run goes on. */
export function scorerThrew(scorerName: string, error: unknown): ScoredAnswer {
  const message = `${scorerName} threw: ${toError(error).message}`;
  return {
    grade: { isCorrect: false, score: 0, extracted: null, isUnparsed: true, reason: message },
    error: { code: "E_SCORER", message },
  };
}

/**
 * Grades `answer`: a grader's verdict at once, or the scorer's values (awaited) turned into one. A program grades
 * the samples it runs itself: given one here, it is a ConfigError.
 */
export async function scoreAnswer(grader: PlanGrader, answer: AnswerToScore): Promise<ScoredAnswer> {
  if (isRecipeProgram(grader)) {
    throw new ConfigError(
      `${grader.name} runs whole samples (it sends their requests itself); it cannot grade a single answer.`,
    );
  }
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
    return scorerThrew(grader.name, error);
  }
  return checkScorerOutput(returned, grader.name);
}
