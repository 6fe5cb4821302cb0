// τ-bench's repository layout for tests: the real tables and policies copied verbatim from the shared data, and
// synthetic `tasks_test.py` / `tools/<tool>.py` in upstream's exact Python style; plus the same content in the data
// dir's JSON layout, so both sources can be compared.
import { createHash } from "node:crypto";
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { TAU_DOMAIN_TOOLS } from "../../../graders/tau-bench/domain-tools.js";
import { TAU_DOMAINS, TAU_TABLES, type TauDomain } from "../../../graders/tau-bench/tau-domain.js";
import type { TauBenchPins } from "../tau-bench-source.js";

/** Retail's task file: τ-bench's `TASKS_TEST`, real user ids, a string split over two lines, a non-ASCII escape. */
const RETAIL_TASKS_PY = `from tau_bench.types import Task, Action

TASKS_TEST = [
    Task(
        annotator="0",
        user_id="yusuf_rossi_9620",
        instruction="You are Yusuf Rossi in 19122. "
        "You want the status of order #W2378156 \\u2014 nothing else.",
        actions=[
            Action(
                name="find_user_id_by_name_zip",
                kwargs={"first_name": "Yusuf", "last_name": "Rossi", "zip": "19122"},
            ),
            Action(name="get_order_details", kwargs={"order_id": "#W2378156"}),
        ],
        outputs=[],
    ),
    Task(
        annotator="1",
        user_id="yusuf_rossi_9620",
        instruction="You are Yusuf Rossi. You want to know what 12 + 0.5 is.",
        actions=[Action(name="calculate", kwargs={"expression": "12 + 0.5"})],
        outputs=["12.5"],
    ),
]
`;

/** The same tasks as the data dir's JSON holds them. */
const RETAIL_TASKS_JSON = `[
  {"annotator": "0", "user_id": "yusuf_rossi_9620", "instruction": "You are Yusuf Rossi in 19122. You want the status of order #W2378156 \\u2014 nothing else.", "actions": [{"name": "find_user_id_by_name_zip", "kwargs": {"first_name": "Yusuf", "last_name": "Rossi", "zip": "19122"}}, {"name": "get_order_details", "kwargs": {"order_id": "#W2378156"}}], "outputs": []},
  {"annotator": "1", "user_id": "yusuf_rossi_9620", "instruction": "You are Yusuf Rossi. You want to know what 12 + 0.5 is.", "actions": [{"name": "calculate", "kwargs": {"expression": "12 + 0.5"}}], "outputs": ["12.5"]}
]
`;

/** Airline's task file: τ-bench's `TASKS`, nested lists of dicts, an int amount beside a float one. */
const AIRLINE_TASKS_PY = `from tau_bench.types import Action, Task

TASKS = [
    Task(
        annotator="0",
        user_id="mia_li_3668",
        instruction="Your user id is mia_li_3668. You want to fly from New York to Seattle on May 20 (one way).",
        actions=[
            Action(
                name="book_reservation",
                kwargs={
                    "user_id": "mia_li_3668",
                    "origin": "JFK",
                    "destination": "SEA",
                    "flight_type": "one_way",
                    "cabin": "economy",
                    "flights": [
                        {"flight_number": "HAT136", "date": "2024-05-20"},
                        {"flight_number": "HAT039", "date": "2024-05-20"},
                    ],
                    "passengers": [
                        {"first_name": "Mia", "last_name": "Li", "dob": "1990-04-05"}
                    ],
                    "payment_methods": [
                        {"payment_id": "certificate_7504069", "amount": 250},
                        {"payment_id": "credit_card_4421486", "amount": 5.0},
                    ],
                    "total_baggages": 3,
                    "nonfree_baggages": 0,
                    "insurance": "no",
                },
            ),
        ],
        outputs=[],
    ),
]
`;

const AIRLINE_TASKS_JSON = `[
  {"annotator": "0", "user_id": "mia_li_3668", "instruction": "Your user id is mia_li_3668. You want to fly from New York to Seattle on May 20 (one way).", "actions": [{"name": "book_reservation", "kwargs": {"user_id": "mia_li_3668", "origin": "JFK", "destination": "SEA", "flight_type": "one_way", "cabin": "economy", "flights": [{"flight_number": "HAT136", "date": "2024-05-20"}, {"flight_number": "HAT039", "date": "2024-05-20"}], "passengers": [{"first_name": "Mia", "last_name": "Li", "dob": "1990-04-05"}], "payment_methods": [{"payment_id": "certificate_7504069", "amount": 250}, {"payment_id": "credit_card_4421486", "amount": 5.0}], "total_baggages": 3, "nonfree_baggages": 0, "insurance": "no"}}], "outputs": []}
]
`;

const TASKS: Readonly<Record<TauDomain, { py: string; json: string }>> = {
  retail: { py: RETAIL_TASKS_PY, json: RETAIL_TASKS_JSON },
  airline: { py: AIRLINE_TASKS_PY, json: AIRLINE_TASKS_JSON },
};

function className(tool: string): string {
  return tool
    .split("_")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join("");
}

/** A tool file as upstream writes them: `invoke` (with a return of its own) and `get_info()` returning the schema. */
function toolPy(tool: string): string {
  return `# Copyright Sierra

import json
from typing import Any, Dict
from tau_bench.envs.tool import Tool


class ${className(tool)}(Tool):
    @staticmethod
    def invoke(data: Dict[str, Any], argument: str) -> str:
        return json.dumps({"argument": argument})

    @staticmethod
    def get_info() -> Dict[str, Any]:
        return {
            "type": "function",
            "function": {
                "name": "${tool}",
                "description": "A synthetic schema of ${tool}, "
                "split over two lines.",
                "parameters": {
                    "type": "object",
                    "properties": {
                        "argument": {
                            "type": "string",
                            "description": "Any text, such as 'abc'.",
                        },
                    },
                    "required": ["argument"],
                },
            },
        }
`;
}

/** The schema `toolPy(tool)`'s get_info() returns, as JSON. */
export function syntheticToolSchema(tool: string): unknown {
  return {
    type: "function",
    function: {
      name: tool,
      description: `A synthetic schema of ${tool}, split over two lines.`,
      parameters: {
        type: "object",
        properties: { argument: { type: "string", description: "Any text, such as 'abc'." } },
        required: ["argument"],
      },
    },
  };
}

/** The verbatim files' repository paths and where the shared data holds them. */
export function verbatimTauFiles(sharedDataDir: string): { repoPath: string; sharedPath: string }[] {
  return TAU_DOMAINS.flatMap((domain) => [
    {
      repoPath: `tau_bench/envs/${domain}/wiki.md`,
      sharedPath: path.join(sharedDataDir, "tau_bench", `${domain}_wiki.md`),
    },
    ...TAU_TABLES[domain].map((table) => ({
      repoPath: `tau_bench/envs/${domain}/data/${table}.json`,
      sharedPath: path.join(sharedDataDir, "tau_bench", "db", domain, `${table}.json`),
    })),
  ]);
}

export function sha256Pin(bytes: Buffer): { sha256: string; sizeBytes: number } {
  return { sha256: createHash("sha256").update(bytes).digest("hex"), sizeBytes: bytes.byteLength };
}

/**
 * Writes the repository layout under `repoDir` (`tau_bench/envs/<domain>/…`) and the data dir layout under
 * `dataDir` (`tau_bench/…`); returns the pins of every repository file written.
 */
export function writeTauRepo(sharedDataDir: string, repoDir: string, dataDir: string): TauBenchPins {
  const pins: Record<string, { sha256: string; sizeBytes: number }> = {};
  const writeRepoFile = (repoPath: string, bytes: Buffer) => {
    const target = path.join(repoDir, ...repoPath.split("/"));
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, bytes);
    pins[repoPath] = sha256Pin(bytes);
  };
  const local = path.join(dataDir, "tau_bench");
  for (const domain of TAU_DOMAINS) mkdirSync(path.join(local, "db", domain), { recursive: true });
  for (const { repoPath, sharedPath } of verbatimTauFiles(sharedDataDir)) {
    writeRepoFile(repoPath, readFileSync(sharedPath));
    copyFileSync(
      sharedPath,
      path.join(local, path.relative(path.join(sharedDataDir, "tau_bench"), sharedPath)),
    );
  }
  for (const domain of TAU_DOMAINS) {
    writeRepoFile(`tau_bench/envs/${domain}/tasks_test.py`, Buffer.from(TASKS[domain].py));
    writeFileSync(path.join(local, `${domain}_tasks_test.json`), TASKS[domain].json);
    const names = TAU_DOMAIN_TOOLS[domain].map((tool) => tool.name);
    for (const name of names)
      writeRepoFile(`tau_bench/envs/${domain}/tools/${name}.py`, Buffer.from(toolPy(name)));
    writeFileSync(path.join(local, `${domain}_tools.json`), JSON.stringify(names.map(syntheticToolSchema)));
  }
  return pins;
}
