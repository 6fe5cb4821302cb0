// Golden prompts of every GSM8K recipe on the real rows (skipped without the shared data): the sha256 of our bytes
// must equal the sha256 of the bytes the references' own prompt code builds for the same rows.
//
// The goldens were made by running, with CPython 3.11.7 on ../shared/data/gsm8k/{test,train}.jsonl, the functions
// of the pinned files themselves (extracted with `ast` and executed, nothing rewritten):
// - sglang: `get_one_example` / `get_few_shot_examples` of sgl-project/sglang
//   benchmark/gsm8k/bench_sglang.py@b2d7f2bbdc1eaf4a994a5e8a60e1e07bd20b2e1e (5 shots = test rows 0–4);
// - lm-eval / lm-eval-cot: `ContextSampler` / `FirstNSampler` (lm_eval/api/samplers.py, `set_rnd(1234)`, one
//   `sample(n)` per test doc in order), `ConfigurableTask.build_qa_turn` (lm_eval/api/task.py) and `Message`
//   (lm_eval/api/utils.py) of EleutherAI/lm-evaluation-harness@4e7e0d47f33bc71070c1d38394bafbb52b117163, assembled as
//   `fewshot_context` does (system message, shot turns, query turn; flat = `to_text()` joined, chat = `to_dict()`);
//   the gsm8k-cot exemplars parsed from its gsm8k-cot.yaml;
// - lighteval: `gsm8k` (default_prompts.py) and `PromptManager.get_examples` / `doc_to_text` / `doc_to_target`
//   (prompt_manager.py) of huggingface/lighteval@c4826ea9380f01fd7d6cfe291cee26a238dad774 (v0.10.0), flat and chat,
//   with the shots given (lighteval samples them at random; this recipe takes the first train rows).
// - qwen-math: the same bench_sglang.py functions under the customisation of sgl-project/sglang
//   docs/references/accuracy_evaluation.md@e565beb2114980924099300c80df01b96b846c11 (test rows 5 and 1318; rows 0–4 are
//   the shots and left out): chat = [system: the guide's `sgl.system(...)` text, user: shots + query]; the flat golden
//   is that text + "\n\n" + the body — our placement (the guide renders the system turn with the model's template).
// Chat goldens hash `json.dumps(messages, ensure_ascii=False, separators=(",", ":"))`, which equals JSON.stringify.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Prompt } from "../../core/prompt.js";
import { resolveDefaultParams } from "../resolve-default-params.js";
import { createLocalDatasetContext } from "../test-support/local-dataset-context.js";
import { printSkipReason, sharedDataDir } from "../test-support/shared-data-dir.js";
import type { PromptOptions, Recipe } from "../types.js";
import { gsm8k } from "./index.js";

const dataDir = sharedDataDir("gsm8k/test.jsonl");
if (dataDir === undefined) printSkipReason("gsm8k recipe golden-prompt tests");

const GOLDEN_SHA256: Record<string, string> = {
  "sglang/0/flat": "239293754edb5e2d547ccb32b43fbd975ae92f8fccd62c05014dd101d39278bd",
  "sglang/4/flat": "05341fe808c7c7fb9731de9ac29ff780271c77460612023d35d26f97f218ce75",
  "sglang/5/flat": "5d6b81e083f6f1bdaece2edaab62df2b5bba648bb241f18545b0f37905dbfc68",
  "sglang/1318/flat": "ac28997eaa70bc2d450533f52768182a287b5606d3a0f7c8532ce9ffcfdd15df",
  "lm-eval/0/flat": "32680f263ba83280e98a8a24ceefed10a722a4cdcd9f4d78e93c45d43143ca66",
  "lm-eval/0/chat": "876f5c251a2d4a1adfca32de95874a3f8c82f9ec01dca5bc39c4ffc3f17e54f1",
  "lm-eval/4/flat": "7ab5fdf61e651fdd39df1d291472e30c4e941805064435e4b0723876eb35c1d7",
  "lm-eval/4/chat": "f5338c989b5c180270ba43fd59ca1c1c6ef4dd37091aef4440af1d2a7edf21da",
  "lm-eval/5/flat": "a80ec93646f418162bd4a84d2c2d0aef1c2246dcc61316324a5c3a18440d2440",
  "lm-eval/5/chat": "f1ba7837759b4db3de657f196e76aa28adc58625f5f3ce13c3a23fa9f10ae898",
  "lm-eval/5/flat+system": "28c5cb57657d42967637369ad22c7562d25b67ff263afd51d0950bf74cbe4dad",
  "lm-eval/5/chat+system": "b50dd9cb0c30563bc6a5be8ef7d73e5a1cd60c6ceaa26fa82678601c95ebfd3f",
  "lm-eval/1318/flat": "c9c63955e0cf2185cb505fbc69b80561f7bad5c30a5daee94cc851b31107f4cb",
  "lm-eval/1318/chat": "0575a56d1d877861a664e36330dbc7f35d89bc82b4950831c9deda87db7ad201",
  "lm-eval-cot/0/flat": "901fead9abd2535b6d0610c3c90125f38cad81678c4b2b98ec8fb818e3948bde",
  "lm-eval-cot/0/chat": "15ef796d1573cb60a561c61db42bb2b5917d229475fdd4c8db619b81e4e40d42",
  "lm-eval-cot/1318/flat": "5b060fe1533ea37693f7f1637b6b057c5157b664596298cb43190e4dd7df8efd",
  "lm-eval-cot/1318/chat": "3edba51583e14237a3e39852d1a468cd60ef0b4fb4e47473b48e55b29ffc7922",
  "lighteval/0/flat": "b7d0342d147aa332159a8ac1e335932b8a27a7aca3a758b41efa721c5bf4984a",
  "lighteval/0/chat": "73679258ac37842638023c123fb57cd499b0a5eaceb5b48e805d19bee6bbc22a",
  "lighteval/1318/flat": "939518fb173502447e71fa4cbec639c4c337da5071237887967b52cd6a1efb1d",
  "lighteval/1318/chat": "dfcf6a1a644db46f5c742cebbe88e8ba228d4193fc5946bbebfd74c35ad47c77",
  "lighteval/5/flat+2train+system": "781acf03e370d4459b83c6fc8daec6060b2bb08f250b6dc1d86bb312f72a3a5d",
  "lighteval/5/chat+2train+system": "52ae9ff5faa33575f177feb689d4ab29dedde24723ad2eed3c16385b7ae6c87e",
  "qwen-math/5/chat": "a568f1ebc5973152f490ab9799c4a9c4daa4df281191734772b9ddca14fe8693",
  "qwen-math/5/flat": "0dcd20db8c15e0af424ab04b8300687b81c727c8247b5323a960cba4e378b70c",
  "qwen-math/1318/chat": "ba6c142dcd5f0bcc22d9d03be397891f3d6e535521a2e1f7dcb5902481251a62",
  "qwen-math/1318/flat": "a7b6f8571392af8a8036e65cb34b90e69e07de97d22cb4fc4e120f13685bd42d",
};

const SYSTEM = "You are a careful expert.";

function sha256(prompt: Prompt): string {
  const bytes = prompt.type === "chat" ? JSON.stringify(prompt.messages) : prompt.text;
  return createHash("sha256").update(bytes, "utf8").digest("hex");
}

function recipe(name: string): Recipe {
  const found = gsm8k.recipes.find((candidate) => candidate.name === name);
  if (found === undefined) throw new Error(`no recipe ${name}`);
  return found;
}

/** Our prompt for one golden key `recipe/index/endpoint[+…]` (shots: the recipe's default, or as the key says). */
async function ourPrompt(key: string, nShots: number, systemPrompt: string | undefined): Promise<Prompt> {
  const [recipeName = "", index = "", endpoint = ""] = key.split("/");
  const loaded = await gsm8k.load({
    context: createLocalDatasetContext(dataDir),
    recipe: recipe(recipeName),
    nShots,
  });
  const sample = loaded.samples.find((candidate) => candidate.id === `test/${index}`);
  if (sample === undefined) throw new Error(`no sample test/${index}`);
  const options: PromptOptions = {
    endpointType: endpoint.startsWith("chat") ? "chat" : "completions",
    nShots,
    systemPrompt,
    cot: false,
  };
  return loaded.buildPrompt(sample, options);
}

describe.skipIf(dataDir === undefined)("gsm8k recipes on the shared data: golden prompt bytes", () => {
  it.each(Object.entries(GOLDEN_SHA256))("%s", async (key, golden) => {
    const [recipeName = ""] = key.split("/");
    const nShots = key.includes("+2train") ? 2 : recipe(recipeName).defaultNShots;
    const systemPrompt = key.includes("+system") ? SYSTEM : undefined;
    expect(sha256(await ourPrompt(key, nShots, systemPrompt))).toBe(golden);
  });
});

describe.skipIf(dataDir === undefined)("gsm8k qwen-math recipe on the shared data: the question set", () => {
  it("leaves the 5 shot rows out of the 1,319 questions (1,314 left, from test/5)", async () => {
    const loaded = await gsm8k.load({
      context: createLocalDatasetContext(dataDir),
      recipe: recipe("qwen-math"),
      nShots: 5,
    });
    expect(loaded.samples).toHaveLength(1314);
    expect(loaded.samples[0]?.id).toBe("test/5");
  });
});

describe("gsm8k recipes: request parameters", () => {
  it("sends each reference's stop, max_tokens and other parameters, the same on both endpoints", () => {
    const expected: Record<string, object> = {
      lighteval: { maxTokens: 256, stop: ["Question:"] },
      sglang: { maxTokens: 512, stop: ["Question", "Assistant:", "<|separator|>"], temperature: 0 },
      "lm-eval": { maxTokens: 256, stop: ["Question:", "</s>", "<|im_end|>"], temperature: 0, seed: 1234 },
      "lm-eval-cot": { maxTokens: 256, stop: ["Q:", "</s>", "<|im_end|>"], temperature: 0, seed: 1234 },
      "qwen-math": {
        maxTokens: 2048,
        stop: ["Question", "Assistant:", "</s>", "<|im_end|>", "<|endoftext|>"],
        temperature: 0,
      },
    };
    for (const each of gsm8k.recipes) {
      for (const endpointType of ["chat", "completions"] as const) {
        expect({ recipe: each.name, params: resolveDefaultParams(each, endpointType) }).toEqual({
          recipe: each.name,
          params: expected[each.name],
        });
      }
    }
    expect(
      gsm8k.recipes.map((each) => [each.name, each.defaultNShots, each.grader, each.extraGraders ?? []]),
    ).toEqual([
      ["lighteval", 0, "lighteval_gsm8k", []],
      ["sglang", 5, "sglang_number", []],
      ["lm-eval", 5, "lm_eval_gsm8k_strict", ["lm_eval_gsm8k_flexible"]],
      ["lm-eval-cot", 8, "lm_eval_gsm8k_cot_strict", ["lm_eval_gsm8k_cot_flexible"]],
      ["qwen-math", 5, "qwen_math", []],
    ]);
  });
});
