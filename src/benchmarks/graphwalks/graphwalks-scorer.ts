// Scores a GraphWalks answer: `score` is the card's F1 of the node sets, `jaccard` their Jaccard similarity, and
// `correct` exact set equality (the llm-benchmarker spec's rule).
import { graphwalksGrade } from "../../graders/graphwalks-grade.js";
import type { AnswerToScore, RecipeScorer, ScorerOutput } from "../types.js";
import type { GraphwalksSample } from "./graphwalks-sample.js";

export const graphwalksScorer: RecipeScorer = {
  name: "openai/graphwalks get_list + set F1 (Jaccard, exact set)",
  async score(answer: AnswerToScore): Promise<ScorerOutput> {
    const sample = answer.sample as GraphwalksSample;
    const grade = graphwalksGrade(answer.response, sample.answerNodes);
    return {
      correct: grade.isExact,
      score: grade.f1,
      jaccard: grade.jaccard,
      reason: grade.isParsed
        ? `${grade.isExact ? "exact set" : "sets differ"}: F1 ${grade.f1}, Jaccard ${grade.jaccard}`
        : "no `Final Answer: [...]` on the answer's last line: 0",
      ...(grade.isParsed ? { extracted: `[${grade.nodes.join(", ")}]` } : {}),
      details: {
        parsed: grade.isParsed,
        precision: grade.precision,
        recall: grade.recall,
        predicted_nodes: grade.nodes.length,
        expected_nodes: sample.answerNodes.length,
      },
    };
  },
};
