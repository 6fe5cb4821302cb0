// Every YAML the tool reads goes through readYamlData: a benchmark definition, a reference file, a Terminal-Bench
// task.yaml and its docker-compose.yaml each refuse a code-constructing tag and an alias bomb with a message that
// names the file (and line), and nothing is run. (A TypeScript/JavaScript definition is code by design: loading it
// runs it, like any plugin; see README "Security".)
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readComposeClient } from "../../src/benchmarks/terminal_bench/read-compose-file.js";
import { parseTerminalBenchTask } from "../../src/benchmarks/terminal_bench/terminal-bench-task.js";
import { loadDefinitionFile } from "../../src/byob/load-definition-file.js";
import { removeTempFolders, tempFolder } from "../../src/byob/test-support/temp-folder.js";
import { ConfigError, DatasetError } from "../../src/errors.js";
import { parseReferenceFile } from "../../src/references/load-reference-file.js";

const marker = join(tmpdir(), `yaml-loader-pwned-${process.pid}`);
const FUNCTION_TAG = `!!js/function 'function () { require("fs").writeFileSync("${marker}", "x") }'`;
const PYTHON_TAG = `!!python/object/apply:os.system ["touch ${marker}"]`;
const BOMB = [
  'a: &a ["l","l","l","l","l","l","l","l","l"]',
  ..."bcdefgh"
    .split("")
    .map((name, index) => `${name}: &${name} [${Array(9).fill(`*${"abcdefgh"[index]}`).join(",")}]`),
].join("\n");

afterAll(() => removeTempFolders());

describe("the YAML loaders refuse code and alias bombs", () => {
  it.each([
    [
      "a js function as the scorer",
      `name: t\ndataset: data.jsonl\nprompt: "{q}"\nscorer: ${FUNCTION_TAG}\n`,
      /:4: not valid YAML: the tag tag:yaml.org,2002:js\/function is not allowed/,
    ],
    [
      "a python object",
      `name: t\ndataset: ${PYTHON_TAG}\nprompt: "{q}"\nscorer: exact_match\n`,
      /:2: not valid YAML: the tag \S+python\/object\/apply:os.system is not allowed/,
    ],
    ["an alias bomb", `${BOMB}\nname: t\n`, /not valid YAML: more than 100 alias expansions/],
  ])("a benchmark definition with %s", async (_name, text, message) => {
    const folder = tempFolder({ "bench.yaml": text, "data.jsonl": [{ q: "1", a: "1" }] });
    const error = await loadDefinitionFile(join(folder, "bench.yaml")).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).toContain("bench.yaml");
  });

  it("a reference file", () => {
    for (const [text, message] of [
      [
        `model-a:\n  - accuracy: ${FUNCTION_TAG}\n`,
        /refs\/mmlu.yaml:2: the tag \S+js\/function is not allowed/,
      ],
      [`${BOMB}\n`, /refs\/mmlu.yaml:1: more than 100 alias expansions/],
    ] as const) {
      expect(() => parseReferenceFile(text, "refs/mmlu.yaml", "mmlu")).toThrow(message);
    }
  });

  it("a Terminal-Bench task.yaml and docker-compose.yaml", () => {
    const task = `instruction: ${PYTHON_TAG}\n`;
    expect(() => parseTerminalBenchTask(task, "task.yaml")).toThrow(DatasetError);
    expect(() => parseTerminalBenchTask(task, "task.yaml")).toThrow(/task.yaml:1 is not valid YAML: the tag/);
    expect(() => parseTerminalBenchTask(`${BOMB}\ninstruction: x\n`, "task.yaml")).toThrow(
      /alias expansions/,
    );
    const compose = `services:\n  client: !include ../../../etc/passwd\n`;
    expect(() => readComposeClient(compose, "docker-compose.yaml", "/tmp/task")).toThrow(
      /docker-compose.yaml is not valid YAML: the tag !include is not allowed/,
    );
  });

  it("ran nothing", () => {
    expect(existsSync(marker)).toBe(false);
  });
});
