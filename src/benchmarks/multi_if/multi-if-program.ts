// One Multi-IF conversation, as facebookresearch/Multi-IF's `multi_turn_instruct_following_eval_api.py` runs it
// (@1cdb53ed18499ad729e0766e5d3099dd5344406f): turn N sends the earlier turns' user messages and the model's own
// answers, then turn N's message; each answer is checked against turn N's instructions (cumulative) with Multi-IF's
// checkers (`metrics.py` gen_acc_strict / gen_acc_loose over its `ifeval.py`). The sample is right only when every
// turn follows every instruction (strict).

import { type ConversationSession, type ProgramInput, program } from "../../byob/program.js";
import { ratio } from "../../byob/scorer.js";
import type { ChatMessage } from "../../core/prompt.js";
import { evaluateIfeval, type IfevalResult } from "../../graders/ifeval/evaluate-ifeval.js";
import type { MultiIfTurn } from "./multi-if-rows.js";

/** How many of a verdict list's instructions were followed. */
function followedCount(verdicts: IfevalResult["strict"]): number {
  return verdicts.perInstruction.filter((verdict) => verdict.isFollowed).length;
}

/** The scores and details of a conversation's graded turns. */
export function multiIfScores(results: readonly IfevalResult[], hadReasoning: boolean) {
  const scores: Record<string, boolean | ReturnType<typeof ratio>> = {
    correct: results.every((result) => result.strict.isFollowed),
  };
  for (const [index, { strict, loose }] of results.entries()) {
    const turn = `turn_${index + 1}`;
    const given = strict.perInstruction.length;
    scores[`${turn}_prompt_level_strict_acc`] = strict.isFollowed;
    scores[`${turn}_inst_level_strict_acc`] = ratio(followedCount(strict), given);
    scores[`${turn}_prompt_level_loose_acc`] = loose.isFollowed;
    scores[`${turn}_inst_level_loose_acc`] = ratio(followedCount(loose), given);
  }
  const failed = results.findIndex((result) => !result.strict.isFollowed);
  return {
    ...scores,
    reason:
      failed === -1
        ? `every turn (${results.length}) followed its instructions`
        : `turn ${failed + 1}: not followed: ${results[failed]?.strict.perInstruction
            .filter((verdict) => !verdict.isFollowed)
            .map((verdict) => verdict.instructionId)
            .join(", ")}`,
    details: {
      per_turn: results.map(({ strict, loose }, index) => ({
        turn: index + 1,
        prompt_level_strict: strict.isFollowed,
        prompt_level_loose: loose.isFollowed,
        per_instruction: strict.perInstruction.map((verdict, at) => ({
          instruction_id: verdict.instructionId,
          strict: verdict.isFollowed,
          loose: loose.perInstruction[at]?.isFollowed ?? false,
        })),
      })),
      reasoning_removed: hadReasoning,
    },
  };
}

export const multiIfProgram = program(async function multi_if(
  sample: ProgramInput,
  session: ConversationSession,
) {
  const turns = sample.metadata["turns"] as MultiIfTurn[];
  const messages: ChatMessage[] = [];
  const results: IfevalResult[] = [];
  let hadReasoning = false;
  for (const turn of turns) {
    messages.push({ role: "user", content: turn.content });
    const answer = await session.send(messages);
    if (answer.reasoning !== "") hadReasoning = true;
    // The next turn carries this answer as the model gave it, its reasoning left out (as chat templates drop it).
    messages.push({ role: "assistant", content: answer.response });
    results.push(
      evaluateIfeval({
        prompt: turn.content,
        response: answer.response,
        instructionIds: turn.instructionIds,
        kwargs: turn.kwargs,
        dialect: "multi-if",
      }),
    );
  }
  return multiIfScores(results, hadReasoning);
});
