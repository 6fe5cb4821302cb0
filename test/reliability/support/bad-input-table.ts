// The bad-input table of issue 22: every command fed flags, files, datasets, servers, benchmark definitions,
// reference YAMLs and run directories it cannot use. Each row says the exit code (2: the input is wrong and nothing
// ran; 1: the run itself ran and failed, with a reason in `why`) and a pattern its stderr must match, naming the
// problem AND the fix (a flag, a file to check, a command to run). The shared checks (no stack trace, no API key in
// any output, no result presented as complete) are in run-bad-input-row.ts.
import { BAD_INPUT_API_KEY, type BadInputFixtures, NEWER_TOOL_VERSION } from "./bad-input-fixtures.js";

export const BAD_INPUT_CATEGORIES = [
  "flags",
  "files",
  "datasets",
  "servers",
  "benchmark definitions",
  "reference YAMLs",
  "run directories from another version",
] as const;
export type BadInputCategory = (typeof BAD_INPUT_CATEGORIES)[number];

export interface BadInputRow {
  name: string;
  category: BadInputCategory;
  argv: string[];
  exitCode: 1 | 2;
  /** Why the exit code is 1 (the run ran and failed) rather than 2. */
  why?: string;
  stderr: RegExp;
  /** The command's output directory, checked for results presented as complete and for the key. */
  outputDir?: string;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}

const key = BAD_INPUT_API_KEY;
const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

function flagRows(fixtures: BadInputFixtures): BadInputRow[] {
  const { mockUrl } = fixtures.servers;
  const data = fixtures.path("data");
  const run = (...rest: string[]): string[] => [
    "run",
    "gsm8k",
    "--base-url",
    mockUrl,
    "--data-dir",
    data,
    ...rest,
  ];
  const row = (name: string, argv: string[], stderr: RegExp): BadInputRow => ({
    name,
    category: "flags",
    argv,
    exitCode: 2,
    stderr,
  });
  return [
    row(
      "list: a mistyped flag",
      ["list", "--jsn"],
      /unknown option --jsn; did you mean --json\?.*llm-bench list --help/,
    ),
    row("a mistyped command", ["chek"], /unknown command "chek"; did you mean check\?/),
    row(
      "check: a flag of another command",
      ["check", "--base-url", mockUrl, "--timeout", "5"],
      /unknown option --timeout\. See `llm-bench check --help`/,
    ),
    row(
      "run: a number that is not",
      run("--limit", "ten"),
      /--limit: expected a positive integer, got "ten"/,
    ),
    row(
      "run: out of range",
      run("--concurrency", "0"),
      /--concurrency: expected a positive integer.*got "0"/,
    ),
    row(
      "run: a temperature out of range",
      run("--temperature", "7"),
      /--temperature: expected a number from 0 to 2, got "7"/,
    ),
    row("run: a missing value", run("--timeout"), /--timeout needs a value \(S\)/),
    row(
      "run: --limit with --first",
      run("--limit", "3", "--first", "2"),
      /give --limit N .* or --first N .*, not both/,
    ),
    row(
      "run: loglikelihood scoring on chat",
      run("--scoring", "loglikelihood", "--endpoint-type", "chat"),
      /--scoring loglikelihood .*drop --endpoint-type chat/,
    ),
    row(
      "run: --tau-mode with a plain --recipe",
      run("--tau-mode", "real", "--recipe", "spec"),
      /--tau-mode real picks tau_bench's recipe.*give benchmark=name pairs instead/,
    ),
    row(
      "run: --extra-inputs not JSON",
      run("--extra-inputs", "{temperature: 0}"),
      /--extra-inputs: not valid JSON/,
    ),
    row(
      "run: an unknown benchmark",
      ["run", "gsm8kk", "--base-url", mockUrl],
      /Unknown benchmark "gsm8kk"\. Available: .*gsm8k/,
    ),
    row(
      "run: a base URL that is not one",
      ["run", "gsm8k", "--base-url", "not-a-url"],
      /--base-url: expected a URL such as http:\/\/127\.0\.0\.1:8000\/v1/,
    ),
    row(
      "profile: --concurrency with --request-rate",
      ["profile", "--base-url", mockUrl, "--concurrency", "2", "--request-rate", "3"],
      /give --concurrency \(closed loop\) or --request-rate \(open loop\), not both/,
    ),
    row(
      "profile: --input-file with --accuracy-benchmark",
      [
        "profile",
        "--base-url",
        mockUrl,
        "--input-file",
        fixtures.path("files/empty.jsonl"),
        "--accuracy-benchmark",
        "gsm8k",
      ],
      /give --input-file or --accuracy-benchmark, not both/,
    ),
    row(
      "profile: --max-concurrency without --request-rate",
      ["profile", "--base-url", mockUrl, "--max-concurrency", "3"],
      /--max-concurrency: caps an open loop: use it with --request-rate/,
    ),
    row(
      "profile: --burstiness without gamma",
      ["profile", "--base-url", mockUrl, "--burstiness", "2"],
      /--burstiness: needs --arrival gamma/,
    ),
    row(
      "profile: --shard without --start-at",
      ["profile", "--base-url", mockUrl, "--shard", "0/2"],
      /--start-at: needed with --shard.*e\.g\. --start-at 2030/,
    ),
    row(
      "profile: a negative rate",
      ["profile", "--base-url", mockUrl, "--request-rate", "-1"],
      /--request-rate: expected a .*got "-1"/,
    ),
    row(
      "compare: a mistyped flag",
      ["compare", fixtures.completedRun, "--alow-incomplete"],
      /did you mean --allow-incomplete\?/,
    ),
    row("compare: nothing to compare", ["compare"], /Usage: llm-bench compare RUN_DIR/),
    row(
      "gate: a --spec that is not key=value",
      ["gate", fixtures.completedRun, "--spec", "dtype"],
      /--spec: expected key=value, got "dtype"/,
    ),
    row("report: a missing value", ["report", fixtures.completedRun, "--output"], /--output needs a value/),
    row("merge: no --output", ["merge", fixtures.shardRun], /--output DIR is required/),
    row("theta: a required flag missing", ["theta"], /--num-samples-total N is required/),
    row(
      "theta: a number that is not",
      ["theta", "--num-samples-total", "abc"],
      /--num-samples-total: expected a positive integer, got "abc"/,
    ),
    row(
      "theta: alpha out of range",
      ["theta", "--num-samples-total", "100", "--alpha", "2"],
      /--alpha: expected a number in \(0, 1\), got "2"/,
    ),
    row(
      "serve: a port that is not",
      ["serve", "--model-path", fixtures.path("missing.gguf"), "--port", "abc"],
      /--port: expected an integer from 0 to 65535, got "abc"/,
    ),
    row(
      "serve: a missing model file",
      ["serve", "--model-path", fixtures.path("missing.gguf")],
      /Model file not found: .*missing\.gguf\. Give a \.gguf file with --model-path/,
    ),
    row("grade: no --responses", ["grade", "gsm8k"], /--responses FILE\.jsonl is required/),
    row(
      "grade: an unknown grader",
      ["grade", "--grader", "nope", "--responses", fixtures.path("files/wrong-schema.jsonl")],
      /Unknown grader "nope"\. Available: .*exact_match/,
    ),
    row(
      "mock-server: a rate out of range",
      ["mock-server", "--fault-rate", "2"],
      /--fault-rate: "2": the rate must be a number from 0 to 1 \(KIND=R or R; kinds: http-500/,
    ),
    row(
      "mock-server: a port out of range",
      ["mock-server", "--port", "99999"],
      /--port: expected an integer from 0 to 65535, got "99999"/,
    ),
    row("byob: no action", ["byob"], /byob: name an action: validate or new/),
    row(
      "containers: an unknown action",
      ["containers", "clean"],
      /containers: unknown action "clean"; usage: llm-bench containers prune/,
    ),
    row("launch: no launcher", ["launch"], /launch: name a launcher \(slurm, k8s\)/),
    row(
      "launch slurm: a k8s flag",
      ["launch", "slurm", "--shards", "2", "--image", "x", "--", "run", "gsm8k"],
      /--image: it is for launch k8s .*launch slurm does not take it/,
    ),
    row(
      "launch k8s: required flags missing",
      ["launch", "k8s", "--shards", "2", "--", "run", "gsm8k"],
      /launch k8s needs --image IMAGE .*--volume-claim PVC/,
    ),
    row(
      "launch slurm: zero shards",
      ["launch", "slurm", "--shards", "0", "--", "run", "gsm8k"],
      /--shards: expected a positive integer, got "0"/,
    ),
  ];
}

function fileRows(fixtures: BadInputFixtures): BadInputRow[] {
  const data = fixtures.path("data");
  const files = (name: string): string => fixtures.path("files", name);
  const row = (name: string, argv: string[], stderr: RegExp, outputDir?: string): BadInputRow => ({
    name,
    category: "files",
    argv,
    exitCode: 2,
    stderr,
    ...(outputDir === undefined ? {} : { outputDir }),
  });
  const grade = (name: string, file: string, stderr: RegExp): BadInputRow => {
    const outputDir = fixtures.outputDir(`grade-${name}`);
    return row(
      `grade --responses: ${name}`,
      ["grade", "gsm8k", "--responses", file, "--data-dir", data, "--output-dir", outputDir],
      stderr,
      outputDir,
    );
  };
  return [
    grade("missing", files("missing.jsonl"), /--responses .*missing\.jsonl: no such file.*check the path/),
    grade("empty", files("empty.jsonl"), /empty\.jsonl: no responses \(expected one JSON object a line\)/),
    grade("not JSONL", files("not-json.jsonl"), /not-json\.jsonl line 1: not valid JSON/),
    grade("binary", files("binary.jsonl"), /binary\.jsonl line 1: not valid JSON/),
    grade(
      "wrong schema",
      files("wrong-schema.jsonl"),
      /wrong-schema\.jsonl line 1: field "id": name the sample with "id"/,
    ),
    grade(
      "a directory",
      files("a-directory.jsonl"),
      /--responses .*a-directory\.jsonl: is a directory; give the JSONL file/,
    ),
    row(
      "compare: a missing path",
      ["compare", files("missing")],
      /missing: no such run directory or result file.*check the path|missing: no such run directory or result file/,
    ),
    row(
      "compare: an empty file",
      ["compare", files("empty.jsonl")],
      /Cannot read .*empty\.jsonl as JSON: name a run directory or a result file/,
    ),
    row(
      "compare: a binary file",
      ["compare", files("binary.jsonl")],
      /Cannot read .*binary\.jsonl as JSON: name a run directory or a result file/,
    ),
    row(
      "compare: a result file of the wrong schema",
      ["compare", files("wrong-schema.json")],
      /wrong-schema\.json.*(not a result file|field).*/,
    ),
    row(
      "compare: a directory that is not a run",
      ["compare", fixtures.path("runs/no-run-json")],
      /no-run-json.*(no run\.json|is it a run directory)/,
    ),
    row(
      "compare: an incomplete run",
      ["compare", fixtures.incompleteRun, fixtures.completedRun],
      /is incomplete \(gsm8k: 0 of 2 samples graded.*complete it with `llm-bench run --resume .*--allow-incomplete/,
    ),
    row(
      "gate: an incomplete run",
      ["gate", fixtures.incompleteRun, "--references", fixtures.path("refs-other-model")],
      /is incomplete .*--allow-incomplete/,
    ),
    row(
      "report: a missing directory",
      ["report", files("missing")],
      /missing: no such directory\. Give a run or profile directory/,
    ),
    row(
      "report: a file, not a directory",
      ["report", files("empty.jsonl")],
      /empty\.jsonl.*(not a (run )?directory|no such directory).*(Give|give)/,
    ),
    row(
      "merge: a run that is not a shard",
      ["merge", fixtures.completedRun, "--output", fixtures.outputDir("merge-not-shard")],
      /is not a shard .*merge joins the directories of `run --shard I\/N`/,
    ),
    row(
      "merge: a missing directory",
      ["merge", files("missing"), "--output", fixtures.outputDir("merge-missing")],
      /merge: .*missing has no run\.json; name the run directories the shards wrote/,
    ),
    row(
      "run --resume: not a run directory",
      ["run", "--resume", fixtures.path("runs/no-run-json")],
      /no run\.json there/,
    ),
    row(
      "run --resume: an empty run.json",
      ["run", "--resume", fixtures.path("runs/empty-run-json")],
      /run\.json is empty.*(damaged|start a new run)/,
    ),
    row(
      "run --resume: a binary run.json",
      ["run", "--resume", fixtures.path("runs/binary-run-json")],
      /run\.json is not valid JSON.*(damaged|start a new run)/,
    ),
    row(
      "run --resume: a run.json of the wrong schema",
      ["run", "--resume", fixtures.path("runs/wrong-schema")],
      /run\.json: field "benchmarks".*(damaged|start a new run)/,
    ),
    row(
      "profile --input-file: empty",
      [
        "profile",
        "--base-url",
        fixtures.servers.mockUrl,
        "--input-file",
        files("empty.jsonl"),
        "--output-dir",
        fixtures.outputDir("profile-empty"),
      ],
      /empty\.jsonl.*(no prompts|empty)/,
      fixtures.path("outputs/profile-empty"),
    ),
    row(
      "profile --input-file: not JSONL",
      [
        "profile",
        "--base-url",
        fixtures.servers.mockUrl,
        "--input-file",
        files("not-json.jsonl"),
        "--output-dir",
        fixtures.outputDir("profile-not-json"),
      ],
      /not-json\.jsonl:1: not valid JSON/,
      fixtures.path("outputs/profile-not-json"),
    ),
    row(
      "list --include: a missing file",
      ["list", "--include", files("missing.yaml")],
      /--include .*missing\.yaml: no such file or folder/,
    ),
  ];
}

function datasetRows(fixtures: BadInputFixtures): BadInputRow[] {
  const row = (
    name: string,
    dataDir: string,
    stderr: RegExp,
    bench = "gsm8k",
    extra: string[] = [],
  ): BadInputRow => {
    const outputDir = fixtures.outputDir(`data-${dataDir}`);
    return {
      name,
      category: "datasets",
      argv: [
        "run",
        bench,
        "--base-url",
        fixtures.servers.mockUrl,
        "--data-dir",
        fixtures.path(dataDir),
        "--output-dir",
        outputDir,
        ...extra,
      ],
      exitCode: 2,
      stderr,
      outputDir,
    };
  };
  return [
    row("a missing column", "data-missing-column", /gsm8k\/test\.jsonl row 2: field "answer"/),
    row(
      "a wrong type",
      "data-wrong-type",
      /gsm8k\/test\.jsonl row 1: field "question": expected a string, got 5/,
    ),
    row("an empty split", "data-empty-split", /gsm8k\/test\.jsonl has no rows.*--data-dir/),
    row("a split that is not JSONL", "data-not-jsonl", /gsm8k\/test\.jsonl.*(row|line) 1.*not valid JSON/),
    row("a binary split", "data-binary", /gsm8k\/test\.jsonl.*(row|line) 1.*not valid JSON/),
    row("a missing split file", "files", /gsm8k\/test\.jsonl/),
    row(
      "an MMLU CSV without its answer column",
      "data-mmlu-missing-column",
      /anatomy_test\.csv.*answer/,
      "mmlu",
      ["--tasks", "anatomy"],
    ),
    {
      name: "grade: responses naming samples the dataset lacks",
      category: "datasets",
      argv: [
        "grade",
        "gsm8k",
        "--responses",
        fixtures.path("files/unknown-ids.jsonl"),
        "--data-dir",
        fixtures.path("data"),
        "--output-dir",
        fixtures.outputDir("grade-unknown-ids"),
      ],
      exitCode: 2,
      stderr: /unknown-ids\.jsonl.*(not a sample|no sample|unknown)/,
      outputDir: fixtures.path("outputs/grade-unknown-ids"),
    },
  ];
}

function serverRows(fixtures: BadInputFixtures): BadInputRow[] {
  const { servers } = fixtures;
  const data = fixtures.path("data");
  const runAt = (name: string, baseUrl: string, stderr: RegExp, extra: string[] = []): BadInputRow => {
    const outputDir = fixtures.outputDir(`server-${name.replace(/\W+/g, "-")}`);
    return {
      name: `run: ${name}`,
      category: "servers",
      argv: [
        "run",
        "gsm8k",
        "--base-url",
        baseUrl,
        "--api-key",
        key,
        "--data-dir",
        data,
        "--output-dir",
        outputDir,
        "-q",
        ...extra,
      ],
      exitCode: 2,
      stderr,
      outputDir,
    };
  };
  const rejected = /rejected the API key.*--api-key/;
  return [
    runAt(
      "an unreachable server",
      servers.closedUrl,
      /Cannot reach the server at http:\/\/127\.0\.0\.1:\d+\/v1.*is --base-url right\?/,
    ),
    runAt(
      "the wrong model",
      servers.mockUrl,
      /Model "llama-9000" is not served at .*Served: mock-model.*--model/,
      ["--model", "llama-9000"],
    ),
    runAt(
      "an HTML page",
      servers.scriptedUrl("html"),
      /text\/html body that is not JSON.*not an OpenAI response.*--base-url/,
    ),
    runAt("a 404", servers.scriptedUrl("not-found"), /HTTP 404 from GET \/not-found\/v1\/models.*--base-url/),
    runAt(
      "garbage bytes",
      servers.scriptedUrl("garbage"),
      /body that is not JSON.*not an OpenAI response.*--base-url/,
    ),
    runAt("https to a plain HTTP server", servers.httpsToPlainUrl, /plain HTTP.*http:\/\//),
    runAt(
      "a self-signed certificate",
      servers.selfSignedUrl,
      /certificate is not trusted: set NODE_EXTRA_CA_CERTS/,
    ),
    runAt("401", servers.scriptedUrl("unauthorized"), rejected),
    runAt("403", servers.scriptedUrl("forbidden"), rejected),
    {
      ...runAt("401 with the key from OPENAI_API_KEY", servers.scriptedUrl("unauthorized"), rejected),
      argv: [
        "run",
        "gsm8k",
        "--base-url",
        servers.scriptedUrl("unauthorized"),
        "--data-dir",
        data,
        "-q",
        "--output-dir",
        fixtures.outputDir("server-env-key"),
      ],
      env: { OPENAI_API_KEY: key },
      outputDir: fixtures.path("outputs/server-env-key"),
    },
    {
      ...runAt(
        "401 on every generation",
        servers.scriptedUrl("chat-unauthorized"),
        /http_401 ×2 .*rejected the API key.*--api-key/,
      ),
      exitCode: 1,
      why: "the model list answered, so the run ran: every sample failed with 401 and the run ends incomplete",
    },
    {
      name: "check: an unreachable server",
      category: "servers",
      argv: ["check", "--base-url", servers.closedUrl, "--api-key", key],
      exitCode: 1,
      why: "check's answer to 'is the server up' is no: a failed check, as a health probe reads it",
      stderr: /Cannot reach the server at .*is --base-url right\?/,
    },
    {
      name: "check: 401",
      category: "servers",
      argv: ["check", "--base-url", servers.scriptedUrl("unauthorized"), "--api-key", key],
      exitCode: 1,
      why: "check's answer to 'does the server answer' is no",
      stderr: rejected,
    },
    {
      name: "check: the wrong model",
      category: "servers",
      argv: ["check", "--base-url", servers.mockUrl, "--model", "llama-9000"],
      exitCode: 1,
      why: "check's answer to 'is the model served' is no",
      stderr: /Model "llama-9000" is NOT served at .*Served: mock-model/,
    },
    {
      name: "profile: 401 on every request",
      category: "servers",
      argv: [
        "profile",
        "--base-url",
        servers.scriptedUrl("chat-unauthorized"),
        "--api-key",
        key,
        "--num-requests",
        "3",
        "--output-dir",
        fixtures.outputDir("profile-401"),
        "-q",
      ],
      exitCode: 1,
      why: "the profile ran its schedule and every request failed; profile records failures without retrying (as aiperf)",
      stderr:
        /all 3 requests failed \(http_401 ×3\), e\.g\. HTTP 401 .*rejected the API key: check --api-key.*profile again/,
    },
    {
      name: "profile: an unreachable server",
      category: "servers",
      argv: [
        "profile",
        "--base-url",
        servers.closedUrl,
        "--api-key",
        key,
        "--num-requests",
        "3",
        "--output-dir",
        fixtures.outputDir("profile-closed"),
      ],
      exitCode: 2,
      stderr: /Cannot reach the server at .*is --base-url right\?/,
      outputDir: fixtures.path("outputs/profile-closed"),
    },
  ];
}

function definitionRows(fixtures: BadInputFixtures): BadInputRow[] {
  const byob = (name: string): string => fixtures.path("byob", name);
  const row = (name: string, argv: string[], stderr: RegExp): BadInputRow => ({
    name,
    category: "benchmark definitions",
    argv,
    exitCode: 2,
    stderr,
  });
  return [
    row(
      "byob validate: a missing field",
      ["byob", "validate", byob("missing-prompt.yaml")],
      /missing-prompt\.yaml: "prompt": required — give the prompt template/,
    ),
    row(
      "byob validate: a bad type",
      ["byob", "validate", byob("bad-type.yaml")],
      /bad-type\.yaml: "num_fewshot": .*expected (a )?number/,
    ),
    row(
      "byob validate: an unknown scorer",
      ["byob", "validate", byob("unknown-scorer.yaml")],
      /unknown-scorer\.yaml: "scorer": unknown scorer "exact_matchh"; give a built-in scorer \(.*exact_match/,
    ),
    row(
      "byob validate: malformed YAML",
      ["byob", "validate", byob("malformed.yaml")],
      /malformed\.yaml:1: not valid YAML: .*at line 1, column 8$/m,
    ),
    row(
      "byob validate: a missing dataset",
      ["byob", "validate", byob("missing-dataset.yaml")],
      /nowhere\.jsonl/,
    ),
    row(
      "byob validate: a misspelt field",
      ["byob", "validate", byob("unknown-field.yaml")],
      /prompt_templat/,
    ),
    row(
      "byob validate: a TS file with no benchmark",
      ["byob", "validate", byob("no-export.ts")],
      /no-export\.ts.*(benchmark\(|default export)/,
    ),
    row(
      "byob validate: a binary file",
      ["byob", "validate", byob("binary.yaml")],
      /binary\.yaml: a benchmark definition is a mapping of parameters \(name, dataset, prompt, scorer/,
    ),
    row(
      "byob validate: a missing file",
      ["byob", "validate", byob("missing.yaml")],
      /No benchmark definition file at .*missing\.yaml: check the path/,
    ),
    row(
      "run: a definition with an unknown scorer",
      ["run", byob("unknown-scorer.yaml"), "--base-url", fixtures.servers.mockUrl],
      /"scorer": unknown scorer "exact_matchh"/,
    ),
    row(
      "list --include: a broken definition",
      ["list", "--include", byob("bad-type.yaml")],
      /bad-type\.yaml: "num_fewshot"/,
    ),
  ];
}

function referenceRows(fixtures: BadInputFixtures): BadInputRow[] {
  const gate = (name: string, refs: string, stderr: RegExp, command = "gate"): BadInputRow => ({
    name: `${command}: ${name}`,
    category: "reference YAMLs",
    argv:
      command === "gate"
        ? ["gate", fixtures.completedRun, "--references", fixtures.path(refs)]
        : [
            "report",
            fixtures.completedRun,
            "--references",
            fixtures.path(refs),
            "--output",
            fixtures.path("outputs", `report-${refs}.html`),
          ],
    exitCode: 2,
    stderr,
  });
  return [
    gate("malformed YAML", "refs-malformed", /refs-malformed\/gsm8k\.yaml:\d+: /),
    gate(
      "the wrong schema",
      "refs-wrong-schema",
      /refs-wrong-schema\/gsm8k\.yaml:2: .*expected number.*accuracy/,
    ),
    gate(
      "a reference for an unknown benchmark only",
      "refs-unknown-benchmark",
      /No reference file for gsm8k: cannot read .*gsm8k\.yaml\. .*holds gsm8kk\.yaml \(no file of this benchmark.*Register one/,
    ),
    gate(
      "no entry for the model",
      "refs-other-model",
      /mock-model.*gsm8k\.yaml.*(other-model|--no-reference)/,
    ),
    gate("a binary file", "refs-binary", /refs-binary\/gsm8k\.yaml/),
    gate(
      "a missing directory",
      "refs-missing",
      /No reference file for gsm8k: cannot read .*refs-missing\/gsm8k\.yaml\. Register one .*--references DIR/,
    ),
    gate("malformed YAML", "refs-malformed", /refs-malformed\/gsm8k\.yaml:\d+: /, "report"),
  ];
}

function versionRows(fixtures: BadInputFixtures): BadInputRow[] {
  const newer = new RegExp(
    `written by llm-bench ${escapeRegExp(NEWER_TOOL_VERSION)}, newer than this one \\(\\d+\\.\\d+\\.\\d+\\).*upgrade`,
  );
  const row = (name: string, argv: string[], stderr: RegExp): BadInputRow => ({
    name,
    category: "run directories from another version",
    argv,
    exitCode: 2,
    stderr,
  });
  const newerSchema = fixtures.path("runs/newer-schema");
  return [
    row(
      "run --resume: a run from a newer llm-bench",
      ["run", "--resume", fixtures.path("runs/newer-version"), "--base-url", fixtures.servers.mockUrl],
      newer,
    ),
    row(
      "run --resume: a newer run.json format",
      ["run", "--resume", newerSchema, "--base-url", fixtures.servers.mockUrl],
      newer,
    ),
    row("compare: a newer run.json format", ["compare", newerSchema, fixtures.completedRun], newer),
    row("gate: a newer run.json format", ["gate", newerSchema], newer),
    row(
      "report: a newer run.json format",
      ["report", newerSchema, "--output", fixtures.path("outputs/report-newer.html")],
      newer,
    ),
    row(
      "merge: a newer run.json format",
      ["merge", newerSchema, "--output", fixtures.outputDir("merge-newer")],
      newer,
    ),
    row("profile --resume: a newer run.json format", ["profile", "--resume", newerSchema], newer),
  ];
}

/** Every row, in table order. */
export function badInputTable(fixtures: BadInputFixtures): BadInputRow[] {
  return [
    ...flagRows(fixtures),
    ...fileRows(fixtures),
    ...datasetRows(fixtures),
    ...serverRows(fixtures),
    ...definitionRows(fixtures),
    ...referenceRows(fixtures),
    ...versionRows(fixtures),
  ];
}

/** Rows per category (every category listed, 0 where none). */
export function countByCategory(rows: readonly BadInputRow[]): Record<BadInputCategory, number> {
  const counts = Object.fromEntries(BAD_INPUT_CATEGORIES.map((category) => [category, 0])) as Record<
    BadInputCategory,
    number
  >;
  for (const row of rows) counts[row.category]++;
  return counts;
}
