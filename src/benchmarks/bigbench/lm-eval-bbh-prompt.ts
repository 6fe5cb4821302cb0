// BBH prompts of the `lm-eval` recipe: lm-evaluation-harness's bbh_cot_fewshot (--cot) and bbh_fewshot tasks.
// Reference: EleutherAI/lm-evaluation-harness@4e7e0d47f33bc71070c1d38394bafbb52b117163 — lm_eval/tasks/bbh/
// cot_fewshot/*.yaml and fewshot/*.yaml (description = the file's description + "\n\n", doc_to_text, first_n
// samples, target_delimiter), lm_eval/api/task.py (`fewshot_context`, `build_qa_turn`), lm_eval/api/utils.py
// (`maybe_delimit`, `Message`): the yaml samples equal what this derives from the BIG-Bench-Hard files (checked
// for all 27 tasks, both variants).
import type { ChatMessage, EndpointType, Prompt } from "../../core/prompt.js";
import type { BbhPromptFile } from "./parse-bbh-prompt-file.js";

/** `doc_to_text`: "Q: {input}\nA: Let's think step by step.\n" (CoT) or "Q: {input}\nA:". */
export function lmEvalBbhQuery(input: string, isCot: boolean): string {
  return isCot ? `Q: ${input}\nA: Let's think step by step.\n` : `Q: ${input}\nA:`;
}

/** lm-eval's `maybe_delimit`: the delimiter only when neither side has whitespace at the join. */
function maybeDelimit(prefix: string, suffix: string, delimiter: string): string {
  if (prefix === "") return suffix;
  if (suffix === "") return prefix;
  return /\s$/u.test(prefix) || /^\s/u.test(suffix) ? prefix + suffix : prefix + delimiter + suffix;
}

/**
 * Completions: system prompt and description (`maybe_delimit` with "\n\n"), then per shot the query, the target
 * delimiter ("" CoT, " " otherwise), the target and "\n\n", then the query. Chat (`--apply_chat_template
 * --fewshot_as_multiturn`): that system text as a system message, a user/assistant pair per shot, the query as the
 * last user message. `systemPrompt` "" sends no system message: the description then opens the first user turn.
 */
export function lmEvalBbhPrompt(input: {
  file: BbhPromptFile;
  question: string;
  nShots: number;
  isCot: boolean;
  endpointType: EndpointType;
  systemPrompt: string | undefined;
}): Prompt {
  const { file, isCot } = input;
  const description = `${file.description}\n\n`;
  const system = maybeDelimit(input.systemPrompt ?? "", description, "\n\n");
  const shots = file.exemplars.slice(0, input.nShots).map((exemplar) => ({
    query: lmEvalBbhQuery(exemplar.input, isCot),
    target: isCot ? exemplar.reasoning : exemplar.answer,
  }));
  const query = lmEvalBbhQuery(input.question, isCot);
  const targetDelimiter = isCot ? "" : " ";
  if (input.endpointType === "completions") {
    const examples = shots.map((shot) => `${shot.query}${targetDelimiter}${shot.target}\n\n`).join("");
    return { type: "completion", text: `${system}${examples}${query}` };
  }
  const turns: ChatMessage[] = shots.flatMap((shot): ChatMessage[] => [
    { role: "user", content: shot.query },
    { role: "assistant", content: shot.target },
  ]);
  turns.push({ role: "user", content: query });
  if (input.systemPrompt !== "")
    return { type: "chat", messages: [{ role: "system", content: system }, ...turns] };
  const [first, ...rest] = turns;
  return {
    type: "chat",
    messages: [{ role: "user", content: `${description}${first?.content ?? ""}` }, ...rest],
  };
}
