// One line of a run's journal (`samples.jsonl`): a graded sample with its prompt, answer, verdict and timings.
import { z } from "zod";
import { FINISH_REASONS, GENERATION_STATUSES } from "./generation.js";
import { CHAT_ROLES } from "./prompt.js";

const toolCallSchema = z.object({ id: z.string(), name: z.string(), arguments: z.string() });

const chatMessageSchema = z.object({
  role: z.enum(CHAT_ROLES),
  content: z.string(),
  toolCalls: z.array(toolCallSchema).optional(),
  toolCallId: z.string().optional(),
});

export const promptSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("chat"), messages: z.array(chatMessageSchema) }),
  z.object({ type: z.literal("completion"), text: z.string() }),
  /** A long prompt kept as its digest (`--journal-prompts`; see `journal-prompt.ts`). */
  z.object({
    type: z.literal("digest"),
    form: z.enum(["chat", "completion"]),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    chars: z.number().int().min(0),
    messages: z.number().int().min(0).optional(),
    tail: z.string(),
  }),
]);

/** Per-request timings relative to the request's send time (ms), plus its send time relative to the run start. */
export const sampleTimingsSchema = z.object({
  /** When the request was sent, ms after the engine started. */
  sent_at_ms: z.number(),
  ttfb_ms: z.number().nullable(),
  /** Time to the first non-empty content or reasoning delta. */
  ttft_ms: z.number().nullable(),
  e2e_ms: z.number(),
  /** Mean inter-token latency: (e2e − ttft) / (output tokens − 1); null with fewer than 2 tokens. */
  itl_ms: z.number().nullable(),
  /** Number of non-empty deltas received. */
  chunks: z.number().int(),
});
export type SampleTimings = z.infer<typeof sampleTimingsSchema>;

/** `--scoring loglikelihood`: each option's summed log-probability, as lm-evaluation-harness scores it. */
export const loglikelihoodScoresSchema = z.object({
  /** Index of the right option. */
  gold_index: z.number().int().min(0),
  /** acc's pick (highest summed log-probability) and acc_norm's (highest per UTF-8 byte of the option). */
  chosen: z.number().int().min(0),
  chosen_norm: z.number().int().min(0),
  /** One entry per option, in option order. */
  choices: z.array(
    z.object({
      continuation: z.string(),
      /** Sum of the continuation tokens' log-probabilities (natural log). */
      logprob: z.number(),
      /** Continuation tokens scored. */
      tokens: z.number().int().min(0),
      is_greedy: z.boolean(),
    }),
  ),
});
export type LoglikelihoodScores = z.infer<typeof loglikelihoodScoresSchema>;

/** One extra grader's verdict on a sample (a recipe's `extraGraders`, e.g. lm-eval's flexible-extract). */
export const extraGradeSchema = z.object({ correct: z.boolean(), extracted: z.string().nullable() });
export type ExtraGrade = z.infer<typeof extraGradeSchema>;

/**
 * One request of a multi-turn sample (a sample program): its finish, tokens, timings and attempts; `party`
 * "user_model" for a request to the simulated user's model (the others went to the model under test).
 */
export const sampleTurnSchema = z.object({
  party: z.literal("user_model").optional(),
  /**
   * How many messages the request carried: a conversation a program keeps in `details` shows each request as its
   * first `messages` messages.
   */
  messages: z.number().int().min(0).optional(),
  finish_reason: z.enum(FINISH_REASONS),
  usage: z.object({ prompt_tokens: z.number().nullable(), completion_tokens: z.number().nullable() }),
  timings: sampleTimingsSchema,
  attempts: z.number().int(),
});
export type SampleTurn = z.infer<typeof sampleTurnSchema>;

export const sampleRecordSchema = z.object({
  benchmark: z.string(),
  id: z.string(),
  task: z.string(),
  /** The sample's facets (`BenchmarkSample.facets`: difficulty, length bin, depth …); absent when it has none. */
  facets: z.record(z.string(), z.string()).optional(),
  status: z.enum(GENERATION_STATUSES),
  prompt: promptSchema,
  response: z.string(),
  reasoning: z.string(),
  extracted: z.string().nullable(),
  gold: z.string(),
  correct: z.boolean(),
  score: z.number(),
  unparsed: z.boolean(),
  truncated: z.boolean(),
  grade_reason: z.string(),
  finish_reason: z.enum(FINISH_REASONS),
  usage: z.object({ prompt_tokens: z.number().nullable(), completion_tokens: z.number().nullable() }),
  timings: sampleTimingsSchema,
  attempts: z.number().int(),
  /**
   * The fault class of each failed attempt and each anomaly, counted (`{"http_503": 1, "stream_reset": 1}`: see
   * src/core/fault-classes.ts); absent when none, and in journals written before faults were counted.
   */
  faults: z.record(z.string(), z.number().int().min(1)).optional(),
  /**
   * A sample sent again by `--resume` after it failed: the attempts and faults of the records this one supersedes
   * (src/engine/carry-earlier-attempts.ts), so that a run's fault totals count every request it sent. Absent otherwise.
   */
  earlier: z
    .object({
      attempts: z.number().int().min(0),
      faults: z.record(z.string(), z.number().int().min(1)).optional(),
    })
    .optional(),
  /** 0 for the first invocation of a run, 1 for its first `--resume`, and so on: `sent_at_ms` is per session. */
  session: z.number().int().min(0),
  error: z
    .object({
      code: z.string(),
      message: z.string(),
      http_status: z.number().optional(),
      /** The failure's fault class (absent in journals written before faults were classed). */
      fault: z.string().optional(),
    })
    .nullable(),
  /** Loglikelihood scoring only: acc_norm's verdict (`correct` is acc's); absent in generation runs. */
  correct_norm: z.boolean().optional(),
  /** Loglikelihood scoring only: the per-option scores (absent when the sample's requests failed). */
  loglikelihood: loglikelihoodScoresSchema.optional(),
  /**
   * The verdicts of the recipe's extra graders, by grader name, in the recipe's order; absent when it has none,
   * when the request failed, and in journals written before extra graders were reported.
   */
  extra_grades: z.record(z.string(), extraGradeSchema).optional(),
  /**
   * A scorer's named values (a benchmark defined with `benchmark()` + `scorer()`): each becomes a metric of the
   * result; absent for registered graders and for samples that were not scored.
   */
  scores: z
    .record(
      z.string(),
      z.union([
        z.boolean(),
        z.number(),
        z.object({ numerator: z.number(), denominator: z.number().min(0), exp: z.literal(true).optional() }),
      ]),
    )
    .optional(),
  /**
   * What the grading found beyond the verdict (a scorer's `details`: IFEval's per-instruction verdicts, Multi-IF's
   * per-turn ones); absent when the scorer gives none.
   */
  details: z.record(z.string(), z.unknown()).optional(),
  /**
   * A sample program's requests in order (a multi-turn conversation: one per turn); the record's own `prompt`,
   * `response`, `finish_reason`, `usage` and `timings` are the last one's. Absent for single-request samples.
   */
  turns: z.array(sampleTurnSchema).optional(),
  /** The functions the answer called (a request that offered `tools`), in order; absent when none. */
  tool_calls: z.array(toolCallSchema).optional(),
  /** With several replicas (`--base-url` repeated): the base URL (keys redacted) of the one that answered. */
  replica: z.string().optional(),
  /** With several replicas: those the request left after a connection error, in order; absent when none. */
  replica_failures: z.array(z.string()).optional(),
});
export type SampleRecord = z.infer<typeof sampleRecordSchema>;

/** The key a journal line is identified by within a run. */
export function recordKey(record: Pick<SampleRecord, "benchmark" | "id">): string {
  return `${record.benchmark}\u0000${record.id}`;
}
