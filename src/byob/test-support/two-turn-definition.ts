// A two-turn `program()` benchmark as a user writes it (a TypeScript definition importing "llm-benchmarker", its
// rows in rows.jsonl beside it), for the tests that run, grade and validate it.

export const TWO_TURN_ROWS = [
  { question: "Capital of France?", answer: "Paris", level: "easy" },
  { question: "Legs of a spider?", answer: "8", level: "easy" },
  { question: "Red planet?", answer: "Mars", level: "easy" },
  { question: "Largest ocean?", answer: "Pacific", level: "hard" },
  { question: "Square root of 81?", answer: "9", level: "easy" },
  { question: "Author of Hamlet?", answer: "Shakespeare", level: "hard" },
  { question: "Smallest prime?", answer: "2", level: "hard" },
  { question: "Boiling point of water in C?", answer: "100", level: "easy" },
];

export const FOLLOW_UP = "Are you sure? Answer again in one word.";

// Turn 1 asks the question, turn 2 asks again with the model's first answer in the conversation. The oracle's wrong
// answers are right on turn 1 and wrong on turn 2, so turn_1 is always true and turn_2 is the sample's verdict.
export const TWO_TURN_DEFINITION = `import { benchmark, program, ratio, type ConversationSession, type ProgramInput } from "llm-benchmarker";
const FOLLOW_UP = ${JSON.stringify(FOLLOW_UP)};
export default benchmark(
  {
    name: "Two Turns",
    dataset: "rows.jsonl",
    prompt: "{question}",
    targetField: "answer",
    taskField: "level",
    tasks: ["easy", "hard"],
    oracle: {
      turns: (sample) => [String(sample.metadata["question"]), FOLLOW_UP],
      answer: (sample, isCorrect, _variant, turn) => (isCorrect || turn === 0 ? sample.target : "I do not know"),
    },
  },
  program(async function two_turns(sample: ProgramInput, session: ConversationSession) {
    const question = { role: "user" as const, content: String(sample.metadata["question"]) };
    const first = await session.send([question]);
    const second = await session.send([
      question,
      { role: "assistant", content: first.response },
      { role: "user", content: FOLLOW_UP },
    ]);
    const answers = [first.response, second.response];
    const right = answers.filter((answer) => answer === sample.target).length;
    return {
      correct: second.response === sample.target,
      turn_1: first.response === sample.target,
      turn_2: second.response === sample.target,
      consistent: ratio(right, answers.length),
      reason: \`answers: \${answers.join(" | ")}\`,
      details: { answers },
    };
  }),
);
`;
