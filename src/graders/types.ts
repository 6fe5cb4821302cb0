// The value every grader returns, and the input it reads: pure data, no IO.

export interface Grade {
  isCorrect: boolean;
  /** In [0, 1]; 1 or 0 for binary graders. */
  score: number;
  /** The answer the grader read from the response, or null when it found none. */
  extracted: string | null;
  /** True when the grader had to fall back to a weaker extraction rule (or found nothing). */
  isUnparsed: boolean;
  /** One line on how the verdict was reached, for `--verbose` and the journal. */
  reason: string;
}

export interface GraderInput {
  /** The model's answer text, reasoning already removed. */
  response: string;
  /** The gold answer in the benchmark's canonical form (a letter for multiple choice, a number for GSM8K). */
  gold: string;
  /** The answer options, for graders that may match an option's text. */
  choices?: readonly string[];
}

export type Grader = (input: GraderInput) => Grade;

/** The verdict when the grader finds no answer in the response: wrong and unparsed, with why. */
export function noAnswerGrade(reason: string): Grade {
  return { isCorrect: false, score: 0, extracted: null, isUnparsed: true, reason };
}
