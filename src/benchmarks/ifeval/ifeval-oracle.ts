// What the mock server answers an IFEval prompt with: a response built to follow every instruction of the row
// (right) or to follow none of them (wrong), each checked by the grader's own checks before it is served.
import type { OracleAnswer } from "../../byob/benchmark-config.js";
import {
  buildFollowingResponse,
  buildViolatingResponse,
} from "../../graders/ifeval/build-following-response.js";
import { parseIfevalInstructions } from "../../graders/ifeval/parse-ifeval-instructions.js";

export const ifevalOracle: OracleAnswer = (sample, isCorrect, variant) => {
  const { metadata } = sample;
  const prompt = String(metadata["prompt"]);
  const instructions = parseIfevalInstructions(
    metadata["instruction_id_list"] as string[],
    metadata["kwargs"] as unknown[],
  );
  const options = { prompt, variant };
  // A set of instructions the builder cannot satisfy together is answered wrong: the oracle-run tests count these.
  return (
    (isCorrect ? buildFollowingResponse(instructions, options) : undefined) ??
    buildViolatingResponse(instructions, options)
  );
};
