// What the mock server answers each turn of a Multi-IF conversation with: a response built to follow every
// instruction of the turn (checked by the same checks), or — for a sample to be answered wrong — its last turn
// answered to follow none of them (earlier turns are shared by conversations that start alike, so they are always
// answered right).
import type { ConversationOracle } from "../../byob/benchmark-config.js";
import {
  buildFollowingResponse,
  buildViolatingResponse,
} from "../../graders/ifeval/build-following-response.js";
import { parseIfevalInstructions } from "../../graders/ifeval/parse-ifeval-instructions.js";
import type { MultiIfTurn } from "./multi-if-rows.js";

const turnsOf = (metadata: Readonly<Record<string, unknown>>): MultiIfTurn[] =>
  metadata["turns"] as MultiIfTurn[];

export const multiIfOracle: ConversationOracle = {
  turns: (sample) => turnsOf(sample.metadata).map((turn) => turn.content),
  answer(sample, isCorrect, variant, turnIndex) {
    const turns = turnsOf(sample.metadata);
    const turn = turns[turnIndex] ?? turns[0];
    if (turn === undefined) return "";
    const instructions = parseIfevalInstructions(turn.instructionIds, turn.kwargs, "multi-if");
    const options = { prompt: turn.content, variant };
    const follows = isCorrect || turnIndex !== turns.length - 1;
    return (
      (follows ? buildFollowingResponse(instructions, options) : undefined) ??
      buildViolatingResponse(instructions, options)
    );
  },
};
