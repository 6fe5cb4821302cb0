// Golden prompts of every MMLU recipe on the real data (skipped when it is absent): shot order, bytes, parameters.
// Where the goldens come from (all run with CPython 3.11.7 on /work/shared/data/mmlu, scripts kept outside the repo):
// - lighteval: huggingface/lighteval src/lighteval/tasks/prompt_manager.py (`FewShotSampler`, `PromptManager`
//   `prepare_prompt_api` / `_prepare_plain_text`) and src/lighteval/tasks/tasks/mmlu.py `mmlu_prompt`, run as they are
//   @3fd15266bc8448b797e61462d293aa3fd40b3580 (docs built per subject, few-shot seed 0).
// - lighteval-0.10: the same files @c4826ea9380f01fd7d6cfe291cee26a238dad774 (v0.10.0; `PromptManager.add_context_to_doc`
//   with a LiteLLMClient model, so chat prompts are message lists; default_prompts.py `mmlu_helm`).
// - lm-eval: EleutherAI/lm-evaluation-harness lm_eval/api/utils.py (`Message`, `maybe_delimit`) run as it is, with the
//   `fewshot_context` steps of lm_eval/api/task.py and the `doc_to_text` template rendered by jinja2
//   @4e7e0d47f33bc71070c1d38394bafbb52b117163; chat = `--apply_chat_template` with few-shot as multi-turn.
// - sglang: sgl-project/sglang benchmark/mmlu/bench_sglang.py `format_example` / `gen_prompt` run as they are
//   @00b08c497f0735678e084ae5e3dd88ca06b46627 on cells as `pandas.read_csv(header=None)` gives them (NA markers → NaN),
//   with its `while len(tokenizer.encode(few_shot_examples)) > 1536: k -= 1` loop; the tokenizer's counts came from
//   js-tiktoken's cl100k_base (Python tiktoken cannot be installed here; the encoder is checked on OpenAI's own examples).
// - simple-evals: openai/simple-evals common.py `format_multichoice_question` run as it is
//   @ee3b0318d8d1d9d72755a4120879be65f7c07e9e, on the same cells.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { EndpointType, Prompt } from "../../core/prompt.js";
import { resolveDefaultParams } from "../resolve-default-params.js";
import { createLocalDatasetContext } from "../test-support/local-dataset-context.js";
import { printSkipReason, sharedDataDir } from "../test-support/shared-data-dir.js";
import type { LoadedBenchmark, Recipe } from "../types.js";
import { mmlu } from "./index.js";
import { lightevalInstruction, lightevalQuery } from "./lighteval-mmlu-format.js";
import type { MmluSample } from "./mmlu-sample.js";
import { readMmluLocalSplit } from "./read-mmlu-rows.js";
import { MMLU_SUBJECTS } from "./subjects.js";

const SYSTEM_PROMPT = "You are a careful expert.";

/** The orders issue 12 lists (found by running lighteval), dev row indices in file order. */
const ISSUE_DEV_ORDERS: Record<string, readonly number[]> = {
  abstract_algebra: [1, 0, 4, 3, 2],
  anatomy: [0, 1, 4, 2, 3],
  college_physics: [0, 2, 4, 1, 3],
  econometrics: [4, 1, 2, 3, 0],
  global_facts: [4, 1, 3, 2, 0],
  high_school_us_history: [0, 4, 3, 2, 1],
  machine_learning: [2, 4, 0, 1, 3],
  moral_scenarios: [0, 2, 4, 3, 1],
  professional_law: [4, 1, 2, 0, 3],
  world_religions: [4, 3, 0, 2, 1],
};

/** lighteval's balanced 5-shot order of each subject's dev rows (indices in file order), printed by lighteval's sampler. */
const LIGHTEVAL_DEV_ORDERS: Record<string, string> = {
  abstract_algebra: "10432",
  anatomy: "01423",
  astronomy: "04213",
  business_ethics: "01423",
  clinical_knowledge: "10342",
  college_biology: "04123",
  college_chemistry: "42130",
  college_computer_science: "14023",
  college_mathematics: "13402",
  college_medicine: "13204",
  college_physics: "02413",
  computer_security: "24031",
  conceptual_physics: "31402",
  econometrics: "41230",
  electrical_engineering: "24301",
  elementary_mathematics: "03412",
  formal_logic: "10432",
  global_facts: "41320",
  high_school_biology: "23140",
  high_school_chemistry: "23401",
  high_school_computer_science: "31024",
  high_school_european_history: "12043",
  high_school_geography: "24130",
  high_school_government_and_politics: "34201",
  high_school_macroeconomics: "43012",
  high_school_mathematics: "10234",
  high_school_microeconomics: "04213",
  high_school_physics: "43210",
  high_school_psychology: "03214",
  high_school_statistics: "34210",
  high_school_us_history: "04321",
  high_school_world_history: "31420",
  human_aging: "14023",
  human_sexuality: "40123",
  international_law: "13024",
  jurisprudence: "03214",
  logical_fallacies: "02341",
  machine_learning: "24013",
  management: "01423",
  marketing: "41320",
  medical_genetics: "10342",
  miscellaneous: "12403",
  moral_disputes: "13042",
  moral_scenarios: "02431",
  nutrition: "12034",
  philosophy: "41032",
  prehistory: "23104",
  professional_accounting: "31240",
  professional_law: "41203",
  professional_medicine: "23014",
  professional_psychology: "32410",
  public_relations: "13240",
  security_studies: "13240",
  sociology: "10342",
  us_foreign_policy: "03124",
  virology: "12034",
  world_religions: "43021",
};

/** Prompts printed by the references' own code (see the file comment), by `recipe id nShots endpoint system`. */
const GOLDEN_PROMPTS: Record<string, Prompt> = {
  "lighteval abstract_algebra/0 5 chat system": {
    type: "chat",
    messages: [
      { role: "system", content: "You are a careful expert." },
      {
        role: "user",
        content:
          "The following are multiple choice questions (with answers) about abstract algebra.\n\nQuestion: Statement 1 | If aH is an element of a factor group, then |aH| divides |a|. Statement 2 | If H and K are subgroups of G then HK is a subgroup of G.\nA. True, True\nB. False, False\nC. True, False\nD. False, True\nAnswer:",
      },
      { role: "assistant", content: " B" },
      {
        role: "user",
        content:
          "Question: Find all c in Z_3 such that Z_3[x]/(x^2 + c) is a field.\nA. 0\nB. 1\nC. 2\nD. 3\nAnswer:",
      },
      { role: "assistant", content: " B" },
      {
        role: "user",
        content: "Question: Find the characteristic of the ring 2Z.\nA. 0\nB. 3\nC. 12\nD. 30\nAnswer:",
      },
      { role: "assistant", content: " A" },
      {
        role: "user",
        content:
          "Question: Statement 1| Every function from a finite set onto itself must be one to one. Statement 2 | Every subgroup of an abelian group is abelian.\nA. True, True\nB. False, False\nC. True, False\nD. False, True\nAnswer:",
      },
      { role: "assistant", content: " A" },
      {
        role: "user",
        content:
          "Question: Statement 1 | Every element of a group generates a cyclic subgroup of the group. Statement 2 | The symmetric group S_10 has 10 elements.\nA. True, True\nB. False, False\nC. True, False\nD. False, True\nAnswer:",
      },
      { role: "assistant", content: " C" },
      {
        role: "user",
        content:
          "Question: Find the degree for the given field extension Q(sqrt(2), sqrt(3), sqrt(18)) over Q.\nA. 0\nB. 4\nC. 2\nD. 6\nAnswer:",
      },
    ],
  },
  "lighteval abstract_algebra/0 5 completions none": {
    type: "completion",
    text: "The following are multiple choice questions (with answers) about abstract algebra.\n\n\n\nQuestion: Statement 1 | If aH is an element of a factor group, then |aH| divides |a|. Statement 2 | If H and K are subgroups of G then HK is a subgroup of G.\nA. True, True\nB. False, False\nC. True, False\nD. False, True\nAnswer: B\n\nQuestion: Find all c in Z_3 such that Z_3[x]/(x^2 + c) is a field.\nA. 0\nB. 1\nC. 2\nD. 3\nAnswer: B\n\nQuestion: Find the characteristic of the ring 2Z.\nA. 0\nB. 3\nC. 12\nD. 30\nAnswer: A\n\nQuestion: Statement 1| Every function from a finite set onto itself must be one to one. Statement 2 | Every subgroup of an abelian group is abelian.\nA. True, True\nB. False, False\nC. True, False\nD. False, True\nAnswer: A\n\nQuestion: Statement 1 | Every element of a group generates a cyclic subgroup of the group. Statement 2 | The symmetric group S_10 has 10 elements.\nA. True, True\nB. False, False\nC. True, False\nD. False, True\nAnswer: C\n\nQuestion: Find the degree for the given field extension Q(sqrt(2), sqrt(3), sqrt(18)) over Q.\nA. 0\nB. 4\nC. 2\nD. 6\nAnswer:",
  },
  "lighteval business_ethics/3 0 chat none": {
    type: "chat",
    messages: [
      {
        role: "user",
        content:
          "The following are multiple choice questions (with answers) about business ethics.\n\nQuestion:  ______ is an employee's preferred ratio between work-related and non-work-related activities which, due to intensification of work and technological shifts, has become a hotly contested issue in recent years.\nA. Presenteeism\nB. Absenteeism\nC. Work-play balance\nD. Work-life balance\nAnswer:",
      },
    ],
  },
  "lighteval business_ethics/3 0 completions system": {
    type: "completion",
    text: "You are a careful expert.\n\nThe following are multiple choice questions (with answers) about business ethics.\n\n\n\nQuestion:  ______ is an employee's preferred ratio between work-related and non-work-related activities which, due to intensification of work and technological shifts, has become a hotly contested issue in recent years.\nA. Presenteeism\nB. Absenteeism\nC. Work-play balance\nD. Work-life balance\nAnswer:",
  },
  "lm-eval business_ethics/3 0 chat none": {
    type: "chat",
    messages: [
      {
        role: "system",
        content: "The following are multiple choice questions (with answers) about business ethics.\n\n",
      },
      {
        role: "user",
        content:
          "______ is an employee's preferred ratio between work-related and non-work-related activities which, due to intensification of work and technological shifts, has become a hotly contested issue in recent years.\nA. Presenteeism\nB. Absenteeism\nC. Work-play balance\nD. Work-life balance\nAnswer:",
      },
    ],
  },
  "lm-eval abstract_algebra/0 1 chat system": {
    type: "chat",
    messages: [
      {
        role: "system",
        content:
          "You are a careful expert.\n\nThe following are multiple choice questions (with answers) about abstract algebra.\n\n",
      },
      {
        role: "user",
        content: "Find all c in Z_3 such that Z_3[x]/(x^2 + c) is a field.\nA. 0\nB. 1\nC. 2\nD. 3\nAnswer:",
      },
      { role: "assistant", content: "B" },
      {
        role: "user",
        content:
          "Find the degree for the given field extension Q(sqrt(2), sqrt(3), sqrt(18)) over Q.\nA. 0\nB. 4\nC. 2\nD. 6\nAnswer:",
      },
    ],
  },
  "lm-eval abstract_algebra/0 2 completions system": {
    type: "completion",
    text: "You are a careful expert.\n\nThe following are multiple choice questions (with answers) about abstract algebra.\n\nFind all c in Z_3 such that Z_3[x]/(x^2 + c) is a field.\nA. 0\nB. 1\nC. 2\nD. 3\nAnswer: B\n\nStatement 1 | If aH is an element of a factor group, then |aH| divides |a|. Statement 2 | If H and K are subgroups of G then HK is a subgroup of G.\nA. True, True\nB. False, False\nC. True, False\nD. False, True\nAnswer: B\n\nFind the degree for the given field extension Q(sqrt(2), sqrt(3), sqrt(18)) over Q.\nA. 0\nB. 4\nC. 2\nD. 6\nAnswer:",
  },
  "sglang abstract_algebra/0 2 completions none": {
    type: "completion",
    text: "The following are multiple choice questions (with answers) about abstract algebra.\n\nFind all c in Z_3 such that Z_3[x]/(x^2 + c) is a field.\nA. 0\nB. 1\nC. 2\nD. 3\nAnswer: B\n\nStatement 1 | If aH is an element of a factor group, then |aH| divides |a|. Statement 2 | If H and K are subgroups of G then HK is a subgroup of G.\nA. True, True\nB. False, False\nC. True, False\nD. False, True\nAnswer: B\n\nFind the degree for the given field extension Q(sqrt(2), sqrt(3), sqrt(18)) over Q.\nA. 0\nB. 4\nC. 2\nD. 6\nAnswer:",
  },
  "sglang college_computer_science/10 0 chat none": {
    type: "chat",
    messages: [
      {
        role: "user",
        content:
          "The following are multiple choice questions (with answers) about college computer science.\n\nMergesort works by splitting a list of n numbers in half, sorting each half recursively, and merging the two halves. Which of the following data structures will allow mergesort to work in O(n log n) time?\nI. A singly linked list\nII. A doubly linked list\nIII. An array\nA. nan\nB. III only\nC. I and II only\nD. I, II, and III\nAnswer:",
      },
    ],
  },
  "simple-evals college_computer_science/10 0 chat none": {
    type: "chat",
    messages: [
      {
        role: "user",
        content:
          "Answer the following multiple choice question. The last line of your response should be of the following format: 'Answer: $LETTER' (without quotes) where LETTER is one of ABCD. Think step by step before answering.\n\nMergesort works by splitting a list of n numbers in half, sorting each half recursively, and merging the two halves. Which of the following data structures will allow mergesort to work in O(n log n) time?\nI. A singly linked list\nII. A doubly linked list\nIII. An array\n\nA) nan\nB) III only\nC) I and II only\nD) I, II, and III",
      },
    ],
  },
  "lighteval-0.10 abstract_algebra/0 2 chat system": {
    type: "chat",
    messages: [
      {
        role: "system",
        content:
          "You are a careful expert.The following are multiple choice questions (with answers) about abstract algebra.\n\n",
      },
      {
        role: "user",
        content:
          "Question: Statement 1 | If aH is an element of a factor group, then |aH| divides |a|. Statement 2 | If H and K are subgroups of G then HK is a subgroup of G.\nA. True, True\nB. False, False\nC. True, False\nD. False, True\nAnswer:",
      },
      { role: "assistant", content: " B" },
      {
        role: "user",
        content:
          "Question: Find all c in Z_3 such that Z_3[x]/(x^2 + c) is a field.\nA. 0\nB. 1\nC. 2\nD. 3\nAnswer:",
      },
      { role: "assistant", content: " B" },
      {
        role: "user",
        content:
          "Question: Find the degree for the given field extension Q(sqrt(2), sqrt(3), sqrt(18)) over Q.\nA. 0\nB. 4\nC. 2\nD. 6\nAnswer:",
      },
    ],
  },
  "lighteval-0.10 abstract_algebra/0 2 completions system": {
    type: "completion",
    text: "You are a careful expert.The following are multiple choice questions (with answers) about abstract algebra.\n\nQuestion: Statement 1 | If aH is an element of a factor group, then |aH| divides |a|. Statement 2 | If H and K are subgroups of G then HK is a subgroup of G.\nA. True, True\nB. False, False\nC. True, False\nD. False, True\nAnswer: B\n\nQuestion: Find all c in Z_3 such that Z_3[x]/(x^2 + c) is a field.\nA. 0\nB. 1\nC. 2\nD. 3\nAnswer: B\n\nQuestion: Find the degree for the given field extension Q(sqrt(2), sqrt(3), sqrt(18)) over Q.\nA. 0\nB. 4\nC. 2\nD. 6\nAnswer:",
  },
  "lighteval-0.10 abstract_algebra/0 2 chat none": {
    type: "chat",
    messages: [
      {
        role: "user",
        content:
          "The following are multiple choice questions (with answers) about abstract algebra.\n\nQuestion: Statement 1 | If aH is an element of a factor group, then |aH| divides |a|. Statement 2 | If H and K are subgroups of G then HK is a subgroup of G.\nA. True, True\nB. False, False\nC. True, False\nD. False, True\nAnswer:",
      },
      { role: "assistant", content: " B" },
      {
        role: "user",
        content:
          "Question: Find all c in Z_3 such that Z_3[x]/(x^2 + c) is a field.\nA. 0\nB. 1\nC. 2\nD. 3\nAnswer:",
      },
      { role: "assistant", content: " B" },
      {
        role: "user",
        content:
          "Question: Find the degree for the given field extension Q(sqrt(2), sqrt(3), sqrt(18)) over Q.\nA. 0\nB. 4\nC. 2\nD. 6\nAnswer:",
      },
    ],
  },
};

/** SHA-256 over every sample's prompt (see `serializePrompt`), as the references' code built them on the shared data. */
const PROMPT_DIGESTS: readonly (readonly [string, number, EndpointType, "none" | "system", string])[] = [
  ["lighteval", 0, "chat", "none", "73dee2032aaed82b4fd168b54d0c7db2d0bfe8e859ec205937c01fb1036fbd66"],
  ["lighteval", 0, "chat", "system", "d5fa9d6d181c5c0bdcda9f66e3b1b3a980e3f57ca35567a0fea2b4913c985b46"],
  ["lighteval", 0, "completions", "none", "4575918bce8355599e31c595615311807111c968106f95a74413c5b896b0c964"],
  [
    "lighteval",
    0,
    "completions",
    "system",
    "d15c242bb336d22696911d0634c6d6f53ebb2d816608e6ffbf3f7ec5e6540138",
  ],
  ["lighteval", 1, "chat", "none", "169f9f675795633de8f919b0cfc1ab9b07d5c3c8ea6d25f4f027003e47cb7147"],
  ["lighteval", 1, "chat", "system", "43e8ea2082d6322d17bfa296a0a5378ccbbae5d44c98ccac1e7af204f6ce315c"],
  ["lighteval", 1, "completions", "none", "678068c8258096593f9d257d4b818a0166ddeabc381be3743f15f11c00e38360"],
  [
    "lighteval",
    1,
    "completions",
    "system",
    "264b6c2d69e6c86408acf46eebfbfdc8f6f63463048fa3eac2161a67a898edfa",
  ],
  ["lighteval", 5, "chat", "none", "83ed43e8b1cd06edc4dcba3c7b6ea67dd97f95dda2ac07fb36c6c742087880d0"],
  ["lighteval", 5, "chat", "system", "d4749d2db5c0355d9b3050061d8e40eea81f559cd4e34c41d60c8c13dd813b59"],
  ["lighteval", 5, "completions", "none", "6df360f0d5273b5c3ca3b0039bfe66a9f925e7701bf43fd0bec80ae3d9713f79"],
  [
    "lighteval",
    5,
    "completions",
    "system",
    "ece487c3ec056d7b1e767929a923049f1c61613ca7fa8bded9ee763e7b848d82",
  ],
  ["lm-eval", 0, "chat", "none", "0546c5c1ee4b894752c8672392f99f68cf385d21b6f94199a4256300cfbd865d"],
  ["lm-eval", 0, "chat", "system", "001f65e46b4ab6e122451afd4bb4fde3e119098db664fd10ea1cf8a68fc4c875"],
  ["lm-eval", 0, "completions", "none", "0a3c2e3b34a08e5c6a36e9b11b02e4bf29e12ecf74656efa637b0a34fa674004"],
  ["lm-eval", 0, "completions", "system", "233e18dc5c1acc5e97c9555cb1b8d5af6d55f5f8fe1e491ad749b8e71a560459"],
  ["lm-eval", 5, "chat", "none", "c0acdd1eeb01f884eb7ae3068bfb8c446e94160f146247260d31a5d98b2d2460"],
  ["lm-eval", 5, "chat", "system", "a760d08435f37e787d16e871d301b5f46f9b1ba597639f7ea9e051e57c5105f9"],
  ["lm-eval", 5, "completions", "none", "e615053d5ed037dcf108fb4fa85df27e5fa45928938a6c4b8f51e9fce3141fb9"],
  ["lm-eval", 5, "completions", "system", "a765cdfb1b725bf28e5103f290e97a7b0d0bb5248917844bc04f84bf3ed975bd"],
  ["sglang", 0, "chat", "none", "934a3db8dc32e2b8cefdbf560d5d2b00ce74ae937db7a1a49324b822db0cd17e"],
  ["sglang", 0, "completions", "none", "0ab67867c3623cc7f454142c42b044603bdb4d2bc0dfda0afa4d4d93e60d2709"],
  ["sglang", 5, "chat", "none", "5469298b731fdc344c7f463d07c559186f072cc1ca88b95fb7fd8c36eadf9e06"],
  ["sglang", 5, "completions", "none", "b21537475de2e1ff3d5ba137e6a444521b2ea78951fdd778e976cab5c3702534"],
  ["simple-evals", 0, "chat", "none", "f27dac7b6cc67c6cc8c3ab5999480a481206a31a9f170b8956990ed5a2a92402"],
  [
    "simple-evals",
    0,
    "completions",
    "none",
    "5a23689865a1d510ca63b53e927a55a124326e063b8c46fd3c9c7e995cf7d393",
  ],
  ["lighteval-0.10", 0, "chat", "none", "73dee2032aaed82b4fd168b54d0c7db2d0bfe8e859ec205937c01fb1036fbd66"],
  ["lighteval-0.10", 0, "chat", "system", "4211851b057db6ea575cfb1a36d74f647465e854d5461f10d837d5ebec885793"],
  [
    "lighteval-0.10",
    0,
    "completions",
    "none",
    "cce9d285b612331bd87e02c30f4d522175f905cba8cc4e08e39c5994e49c1cc3",
  ],
  [
    "lighteval-0.10",
    0,
    "completions",
    "system",
    "9f7a121cdfda7daaab19b240b6164cb6d4c0b051ac5716fc17695114c4933c47",
  ],
  ["lighteval-0.10", 5, "chat", "none", "83ed43e8b1cd06edc4dcba3c7b6ea67dd97f95dda2ac07fb36c6c742087880d0"],
  ["lighteval-0.10", 5, "chat", "system", "7e61d72ca28736624b50140adbf0480d36a9bdf5162ae623ad5d73f228191530"],
  [
    "lighteval-0.10",
    5,
    "completions",
    "none",
    "14bbd1cf53c303bfede6592b0e464b70100645acb75c84adddbc6d68a9cb5e69",
  ],
  [
    "lighteval-0.10",
    5,
    "completions",
    "system",
    "bed2768dfc23d6c61a96eab23a3e01ae83aa2a871f6f801cd4d556400f556f25",
  ],
];

/** One string per prompt, as the digests were taken: flat text, or `role\x1fcontent` joined by `\x1e`. */
function serializePrompt(prompt: Prompt): string {
  if (prompt.type === "completion") return prompt.text;
  return prompt.messages.map((message) => `${message.role}\x1f${message.content}`).join("\x1e");
}

function recipeNamed(name: string): Recipe {
  const recipe = mmlu.recipes.find((candidate) => candidate.name === name);
  if (recipe === undefined) throw new Error(`no recipe ${name}`);
  return recipe;
}

const dataDir = sharedDataDir("mmlu/test");
if (dataDir === undefined) printSkipReason("mmlu recipe golden tests");

describe.skipIf(dataDir === undefined)("mmlu recipes on the shared data", () => {
  const context = () => createLocalDatasetContext(dataDir);
  const loads = new Map<string, Promise<LoadedBenchmark<MmluSample>>>();
  const loadRecipe = (name: string) => {
    const cached = loads.get(name);
    if (cached !== undefined) return cached;
    const loading = mmlu.load({ context: context(), nShots: 5, recipe: recipeNamed(name) });
    loads.set(name, loading);
    return loading;
  };

  it("shows each subject's dev rows in lighteval's balanced order (all 57, the issue's 10 among them)", async () => {
    const loaded = await loadRecipe("lighteval");
    const dev = await readMmluLocalSplit(context(), "dev", MMLU_SUBJECTS);
    const shown: Record<string, string> = {};
    for (const subject of MMLU_SUBJECTS) {
      const sample = loaded.samples.find((candidate) => candidate.subject === subject);
      if (sample === undefined) throw new Error(`no sample of ${subject}`);
      const prompt = loaded.buildPrompt(sample, {
        endpointType: "chat",
        nShots: 5,
        systemPrompt: "",
        cot: false,
      });
      if (prompt.type !== "chat") throw new Error("chat prompt expected");
      // Each shot's dev row; identical rows (college_physics has two) are told apart by taking the first unused one.
      const queries: (string | undefined)[] = (dev.get(subject) ?? []).map((row) => lightevalQuery(row));
      shown[subject] = prompt.messages
        .filter((message) => message.role === "user")
        .slice(0, 5)
        .map((message) => {
          const index = queries.indexOf(message.content.replace(lightevalInstruction(subject), ""));
          queries[index] = undefined;
          return index;
        })
        .join("");
    }
    expect(shown).toEqual(LIGHTEVAL_DEV_ORDERS);
    for (const [subject, order] of Object.entries(ISSUE_DEV_ORDERS))
      expect(shown[subject]).toBe(order.join(""));
  });

  it("drops sglang shots while the few-shot text is over 1,536 cl100k_base tokens, per subject", async () => {
    const loaded = await loadRecipe("sglang");
    const shotsShown = (subject: string, nShots: number) => {
      const sample = loaded.samples.find((candidate) => candidate.subject === subject);
      if (sample === undefined) throw new Error(`no sample of ${subject}`);
      const prompt = loaded.buildPrompt(sample, {
        endpointType: "completions",
        nShots,
        systemPrompt: "",
        cot: false,
      });
      return prompt.type === "completion" ? prompt.text.split("\nAnswer: ").length - 1 : -1;
    };
    // Counts of the 5-, 4- and 3-shot texts: european 2,433 / 1,945 / 1,447; us 1,897 / 1,547 / 1,268; law 1,369.
    expect(shotsShown("high_school_european_history", 5)).toBe(3);
    expect(shotsShown("high_school_us_history", 5)).toBe(3);
    expect(shotsShown("high_school_us_history", 3)).toBe(3);
    expect(shotsShown("professional_law", 5)).toBe(5);
    expect(shotsShown("high_school_world_history", 5)).toBe(5);
    expect(shotsShown("abstract_algebra", 2)).toBe(2);
  });

  it.each(Object.keys(GOLDEN_PROMPTS))("builds %s byte for byte", async (key) => {
    const [recipeName = "", id = "", nShots = "", endpointType = "", system = ""] = key.split(" ");
    const loaded = await loadRecipe(recipeName);
    const sample = loaded.samples.find((candidate) => candidate.id === id);
    if (sample === undefined) throw new Error(`no sample ${id}`);
    const prompt = loaded.buildPrompt(sample, {
      endpointType: endpointType === "chat" ? "chat" : "completions",
      nShots: Number(nShots),
      systemPrompt: system === "system" ? SYSTEM_PROMPT : undefined,
      cot: false,
    });
    expect(prompt).toEqual(GOLDEN_PROMPTS[key]);
  });

  it.each(PROMPT_DIGESTS)(
    "builds every %s prompt (%i shots, %s, %s system prompt) as the reference does",
    async (recipeName, nShots, endpointType, system, digest) => {
      const loaded = await loadRecipe(recipeName);
      const hash = createHash("sha256");
      for (const sample of loaded.samples) {
        const systemPrompt = system === "system" ? SYSTEM_PROMPT : undefined;
        hash.update(
          serializePrompt(loaded.buildPrompt(sample, { endpointType, nShots, systemPrompt, cot: false })),
        );
        hash.update("\u0000");
      }
      expect(hash.digest("hex")).toBe(digest);
    },
  );
});

describe("mmlu recipes: request parameters", () => {
  it("sends what each reference sends, on both endpoints", () => {
    const params = Object.fromEntries(
      mmlu.recipes.map((recipe) => [
        recipe.name,
        [resolveDefaultParams(recipe, "chat"), resolveDefaultParams(recipe, "completions")],
      ]),
    );
    expect(params).toEqual({
      lighteval: [
        { maxTokens: 5, stop: ["\n"], temperature: 0 },
        { maxTokens: 5, stop: ["\n"], temperature: 0 },
      ],
      "lighteval-0.10": [
        { maxTokens: 5, stop: ["\n"] },
        { maxTokens: 5, stop: ["\n"] },
      ],
      "lm-eval": [
        { maxTokens: 256, stop: ["</s>", "\n"], temperature: 0, seed: 1234 },
        { maxTokens: 256, stop: ["</s>", "\n"], temperature: 0, seed: 1234 },
      ],
      sglang: [
        { maxTokens: 1, temperature: 0 },
        { maxTokens: 1, temperature: 0 },
      ],
      "simple-evals": [
        { maxTokens: 1024, temperature: 0.5 },
        { maxTokens: 1024, temperature: 0.5 },
      ],
    });
    expect(mmlu.recipes.map((recipe) => [recipe.name, recipe.grader, recipe.defaultNShots])).toEqual([
      ["lighteval", "lighteval_exact_match", 5],
      ["lighteval-0.10", "lighteval_exact_match", 5],
      ["lm-eval", "lm_eval_mmlu_generative", 5],
      ["sglang", "first_letter", 5],
      ["simple-evals", "simple_evals_mmlu", 0],
    ]);
  });
});
