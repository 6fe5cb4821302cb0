// The generator against CPython: a Python program written from the documented rules of TensorRT-LLM's
// construct_synthetic_dataset.py (random.seed(0), five str(random.randint(0, 9)) per key, five keys per depth,
// noise * j + needle + noise * (num_noise - j), len = 26 * (num_noise - j)) gives the same keys, depths, `len`
// and context bytes as ours for levels 3 and 4 (each depth's first row hashed), and the same prompt bytes as its eval_utils template.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hasPython3, printNoPythonReason, runPythonInDir } from "../test-support/run-python-in-dir.js";
import { generatePasskeyRows } from "./generate-passkey-keys.js";
import { levelOfTask } from "./passkey-levels.js";
import { passkeyContext, passkeyPromptText } from "./passkey-text.js";

const GENERATOR = String.raw`
import hashlib, json, random, sys

noise = "The grass is green. The sky is blue. The sun is yellow. Here we go. There and back again.\n"
answer = "The pass key is {key}. Remember it. {key} is the pass key.\n"
question = "What is the pass key?"
template = "There is an important info hidden inside a lot of irrelevant text. Find it and memorize it. I will quiz you about the important information.\n\n{context}\n\n{input}\n\nThe pass key is"
num_noise = [326, 652, 1305, 2610, 5220, 10440]
step = [6, 12, 22, 45, 90, 180]

out = {}
for level in (3, 4):
    random.seed(0)  # each level is its own run of the script
    rows = []
    for j in range(0, num_noise[level] + 1, step[level]):
        input_text = noise * j + answer + noise * (num_noise[level] - j)
        for t in range(5):
            key = "".join(str(random.randint(0, 9)) for k in range(5))
            # Every row's key, depth and len; the context bytes of each depth's first row (a row's context differs
            # from the next one's by its key alone, and hashing 590 contexts of 235k-470k characters takes seconds).
            context = input_text.replace("{key}", key) if t == 0 or (level, j, t) == (3, 45, 2) else ""
            digest = hashlib.sha256(context.encode()).hexdigest() if t == 0 else ""
            rows.append([j, key, 26 * (num_noise[level] - j), digest])
            if level == 3 and j == 45 and t == 2:
                prompt = template.format(context=context, input=question)
                out["prompt"] = [key, len(prompt), hashlib.sha256(prompt.encode()).hexdigest()]
    out[str(level)] = rows
json.dump(out, sys.stdout)
`;

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

describe.skipIf(!hasPython3)("passkey generator against CPython", () => {
  if (!hasPython3) printNoPythonReason("passkey generator against CPython");

  it("gives CPython's rows for test levels 3 and 4: keys, depths, len and context bytes; and the template's prompt", async () => {
    const run = await runPythonInDir(GENERATOR, {});
    expect(run.stderr).toBe("");
    const python = JSON.parse(run.stdout) as Record<string, [number, string, number, string][]> & {
      prompt: [string, number, string];
    };
    for (const [task, levelIndex] of [
      ["passkey_retrieval_64k", "3"],
      ["passkey_retrieval_128k", "4"],
    ] as const) {
      const level = levelOfTask(task);
      if (level === undefined) throw new Error(task);
      const ours = generatePasskeyRows(level).map((row, index) => [
        row.noiseBefore,
        row.key,
        row.len,
        index % 5 === 0
          ? sha256(passkeyContext(row.noiseBefore, level.numNoise - row.noiseBefore, row.key))
          : "",
      ]);
      expect(ours).toHaveLength(295);
      expect(ours).toEqual(python[levelIndex]);
    }
    const [key, length, digest] = python.prompt;
    const level = levelOfTask("passkey_retrieval_64k");
    const row = level === undefined ? undefined : generatePasskeyRows(level)[5 + 2];
    expect(row?.key).toBe(key);
    const prompt = passkeyPromptText(passkeyContext(45, 2610 - 45, key));
    expect([prompt.length, sha256(prompt)]).toEqual([length, digest]);
  }, 60_000);
});
