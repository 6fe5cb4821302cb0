// gpqa_diamond on the shared data (skipped when absent), read by path only: GPQA text must never be copied, so the
// goldens are SHA-256 digests and gold letters recorded from running the references' own code on the same file.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { promptTail } from "../../core/prompt.js";
import { resolveDefaultParams } from "../resolve-default-params.js";
import { createLocalDatasetContext } from "../test-support/local-dataset-context.js";
import { printSkipReason, sharedDataDir } from "../test-support/shared-data-dir.js";
import { GPQA_LIGHTEVAL_INSTRUCTION, gpqaQuery } from "./gpqa-prompt.js";
import { gpqaDiamond } from "./index.js";

const dataDir = sharedDataDir("gpqa/gpqa_diamond.csv");
if (dataDir === undefined) printSkipReason("gpqa_diamond real-data tests");

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

// Recorded with CPython 3.11.7 (scripts outside the repo):
// - aiperf: ai-dynamo/aiperf gpqa_diamond.py `_build_choices` + `_format_prompt` on every CSV row (the run used
//   the file at 92d5673d; its template and SHA-256 shuffle are those of the pinned d4295626).
// - lighteval: huggingface/lighteval v0.13.0 tasks/gpqa.py `gpqa_instruct_prompt` on every row in file order after
//   `random.seed(1234)` (pipeline.py `_init_random_seeds`), then prompt_manager.py `PromptManager.prepare_prompt_api`
//   (chat, no system prompt) and `_prepare_plain_text` (system prompt "You are a careful expert.").
/** simple-evals: the 4 × 198 gold letters (repeat 1's rows, then repeat 2's …). */
const SIMPLE_EVALS_GOLDS =
  "CDCBCCCDACADADCBCBAABDCBBDAAAACCCACBDCBAADAADCDABDDCDABADAACCCDCACDBADCBCABDACAADAADCACABBBCBDCAADA" +
  "BADCADCACDBDACCCBDBAACADAAAAAADDBAABACBDADCBBBCADDBCBBBBBBDBDCDBAABCABACDDBDDDCBBBBACBDDCBDCBABCDDD" +
  "CACACADBBBDCCDDAACBBDCDBACAABDDBCBBCCADCDBDBCCABADADCCDAAABACDACDDBBCCCCCBCDDBAABCCDACBCBDABBBDDAAD" +
  "CBBBABDCCBACCDBABCCBDDCBABADCCAACDAACAABDDBBDCABABDCAACDAABABBBBCCBCBCBBBBBDADDDDBCCABDCADACADCDBCA" +
  "CBCAAAADBBBBDCDDDABDADDCDBABACABADAADCBABCBDDBDCBDDCCCDCBBCABBACDDADCBCDCBCCDCDBDDABBBCCBCACBCBBCDA" +
  "ACBBDADCADCBCACBDCBCCDCDBDDBADDAACADBDBDDCCDCCCADADBACCCBADADCBCCDABAAACCBCCBCAACBCBDADABBADDCCACAB" +
  "DDBDBDDDBCCCCCBCCBADADDAABBDCBBACCAABADDADDCDCACDCDBACBCBBDCBBBADABACCBCBDCCBBAAADBCBBABBDAADCBDCCB" +
  "CABDCDADABDAACACADDDACABBCAADDCDDCDDADACBABDDDACCDDDCABCBABDCBDCCBCAAACAABACDAADCDBCBDACDCCDBDBDBCB";
const AIPERF_GOLDS =
  "BCBCDCDADDBACCCACBABDAADCABAABDDCDCADABABCBACCBDDCADBBCABCBDCDBBACBDCDADDACCDCDBDACCADADACADBDDBDCCCDDCBDBBDACD" +
  "BCADCAAACDCBABCDCBDACCDBDBDCDDAABCDDDCABBDACDBDDCDCADBDDDDCADCBADDCABABBACBACDCCDCDCADC";
const AIPERF_ALL_PROMPTS = "19f30e2e2df85898b8015880d1702b00647b12b0fd1af54dfc1d9d29030a98b0";
const AIPERF_ROW_0 = "728e45f837fc7e65ae62f215797015f35d88a8459ba8c958c2feb7aa4dd9b26c";
const LIGHTEVAL_GOLDS =
  "DAAAAAACBAAACDDBABAADBADAAACACDCCBBDAAACBDDBAADBABBACABCDADCABCBCBDADCDCDDADBDDCCABDDAADDCBCABCBCDAADBACABACCD" +
  "ACADBADBDBCBDBBCACBDDCBBABBACBAAABBADDCBDCCDCBACCDDCADCBCDACDBDBDCAADDCDDBDDBCCCBBDDADAA";
const LIGHTEVAL_ALL_CHAT_TURNS = "2446e5234c8d3da32453e532d9eba1c647dced29e85260bd154b73765c4defc6";
const LIGHTEVAL_ALL_FLAT_WITH_SYSTEM = "0c19d277507a734e2880d1b623be6dc930d777012bd7759693b4e07453989988";
const LIGHTEVAL_ROW_0_CHAT_TURN = "927ec49fd451b12d29390e4d466e9dbac7a141b5d0c27c70664c31a5851eb590";
const SYSTEM = "You are a careful expert.";

describe.skipIf(dataDir === undefined)("gpqa_diamond on the shared data", () => {
  const load = (recipeName: string) => {
    const recipe = gpqaDiamond.recipes.find((candidate) => candidate.name === recipeName);
    return gpqaDiamond.load({
      context: createLocalDatasetContext(dataDir),
      nShots: 0,
      ...(recipe === undefined ? {} : { recipe }),
    });
  };

  it("simple-evals (the default): every question 4 times, options in random.Random(0).sample order", async () => {
    const { samples, buildPrompt } = await load("simple-evals");
    // openai/simple-evals gpqa_eval.py@0ac027d5's permutations (`rng = random.Random(0)`, `examples * 4`, one
    // `rng.sample(range(4), 4)` each) applied to the shared CSV with CPython 3.11.7's csv and random modules.
    expect(samples.map((sample) => sample.gold).join("")).toBe(SIMPLE_EVALS_GOLDS);
    expect(samples.map((sample) => sample.id).slice(197, 199)).toEqual([
      `${samples[197]?.id.split("#")[0]}#1`,
      `${samples[0]?.id.split("#")[0]}#2`,
    ]);
    const [first] = samples;
    if (first === undefined) throw new Error("no rows");
    const chat = buildPrompt(first, { endpointType: "chat", nShots: 0, systemPrompt: undefined, cot: false });
    expect(chat).toEqual({ type: "chat", messages: [{ role: "user", content: gpqaQuery(first) }] });
    const recipe = gpqaDiamond.recipes[0];
    expect(recipe.name).toBe("simple-evals");
    expect(recipe.grader).toBe("simple_evals_gpqa");
    for (const endpointType of ["chat", "completions"] as const) {
      expect(resolveDefaultParams(recipe, endpointType)).toEqual({ maxTokens: 1024, temperature: 0.5 });
    }
  });

  it("aiperf: its gold letters and prompt bytes for all 198 rows, chat = completions", async () => {
    const { samples, buildPrompt } = await load("aiperf");
    expect(samples.map((sample) => sample.gold).join("")).toBe(AIPERF_GOLDS);
    const texts = samples.map((sample) => {
      const options = { nShots: 0, systemPrompt: undefined, cot: false } as const;
      const chat = buildPrompt(sample, { endpointType: "chat", ...options });
      const flat = buildPrompt(sample, { endpointType: "completions", ...options });
      expect(chat.type === "chat" && chat.messages.length === 1 && chat.messages[0]?.role === "user").toBe(
        true,
      );
      expect(flat.type === "completion" && flat.text === promptTail(chat)).toBe(true);
      return promptTail(chat);
    });
    expect(sha256(texts[0] ?? "")).toBe(AIPERF_ROW_0);
    expect(sha256(texts.join("\u0000"))).toBe(AIPERF_ALL_PROMPTS);
    // aiperf's loader: a system prompt is its own message, or goes first with a blank line in a flat prompt.
    const [first] = samples;
    if (first === undefined) throw new Error("no rows");
    const withSystem = { nShots: 0, systemPrompt: SYSTEM, cot: false } as const;
    expect(buildPrompt(first, { endpointType: "chat", ...withSystem })).toEqual({
      type: "chat",
      messages: [
        { role: "system", content: SYSTEM },
        { role: "user", content: texts[0] },
      ],
    });
    expect(buildPrompt(first, { endpointType: "completions", ...withSystem })).toEqual({
      type: "completion",
      text: `${SYSTEM}\n\n${texts[0]}`,
    });
    const recipe = gpqaDiamond.recipes.find((candidate) => candidate.name === "aiperf");
    if (recipe === undefined) throw new Error("no aiperf recipe");
    for (const endpointType of ["chat", "completions"] as const) {
      expect(resolveDefaultParams(recipe, endpointType)).toEqual({ maxTokens: 32768 });
    }
  });

  it("lighteval: random.randint(0, 3) golds on the global RNG, instruction glued to the question in chat", async () => {
    const { samples, buildPrompt } = await load("lighteval");
    expect(samples.map((sample) => sample.gold).join("")).toBe(LIGHTEVAL_GOLDS);
    const chatTurns: string[] = [];
    const flatTexts: string[] = [];
    for (const sample of samples) {
      const chat = buildPrompt(sample, {
        endpointType: "chat",
        nShots: 0,
        systemPrompt: undefined,
        cot: false,
      });
      const flat = buildPrompt(sample, {
        endpointType: "completions",
        nShots: 0,
        systemPrompt: SYSTEM,
        cot: false,
      });
      if (chat.type !== "chat" || flat.type !== "completion") throw new Error("wrong prompt type");
      expect(chat.messages.map((message) => message.role)).toEqual(["user"]);
      const turn = chat.messages[0]?.content ?? "";
      // No separator at all between the instruction and the (stripped) question in the chat turn …
      expect(
        turn.startsWith(GPQA_LIGHTEVAL_INSTRUCTION) &&
          !/^\s/.test(turn.slice(GPQA_LIGHTEVAL_INSTRUCTION.length)),
      ).toBe(true);
      // … and blank lines between system prompt, instruction and query in the flat prompt.
      expect(flat.text).toBe(
        `${SYSTEM}\n\n${GPQA_LIGHTEVAL_INSTRUCTION}\n\n${turn.slice(GPQA_LIGHTEVAL_INSTRUCTION.length)}`,
      );
      chatTurns.push(turn);
      flatTexts.push(flat.text);
    }
    expect(sha256(chatTurns[0] ?? "")).toBe(LIGHTEVAL_ROW_0_CHAT_TURN);
    expect(sha256(chatTurns.join("\u0000"))).toBe(LIGHTEVAL_ALL_CHAT_TURNS);
    expect(sha256(flatTexts.join("\u0000"))).toBe(LIGHTEVAL_ALL_FLAT_WITH_SYSTEM);
    const recipe = gpqaDiamond.recipes.find((candidate) => candidate.name === "lighteval");
    if (recipe === undefined) throw new Error("no lighteval recipe");
    for (const endpointType of ["chat", "completions"] as const) {
      expect(resolveDefaultParams(recipe, endpointType)).toEqual({ maxTokens: 32768, stop: [] });
    }
  });
});
