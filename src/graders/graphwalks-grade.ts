// OpenAI GraphWalks' grading (openai/graphwalks dataset card, "Extraction and Grading"): the node list read from the
// response's very last line, `Final Answer: [a, b, …]`, compared as a set with the row's `answer_nodes` — the
// card's F1, plus the Jaccard similarity and exact set equality the llm-benchmarker spec reports. Pure.
import { pythonStrip } from "./python-whitespace.js";

/** What the card's `get_list` reads from a response. */
export interface GraphwalksAnswer {
  /** The listed nodes in order (duplicates kept; the grade compares sets). */
  nodes: string[];
  /** False when the last line has no `Final Answer: [...]` (the card's error flag): the response scores 0. */
  isParsed: boolean;
}

export interface GraphwalksGrade {
  /** The card's F1 of the node sets (0 when unparsed). */
  f1: number;
  /** |sampled ∩ truth| / |sampled ∪ truth|; both empty is 1 (0 when unparsed). */
  jaccard: number;
  precision: number;
  recall: number;
  /** Parsed and the two sets equal. */
  isExact: boolean;
  isParsed: boolean;
  nodes: string[];
}

// Python's `.` matches any character but "\n"; the last line holds none, and `[^\n]` keeps "\r" as Python does.
// Greedy, as the card's `\[.*\]`: the list runs to the line's last "]".
const FINAL_ANSWER = /Final Answer: ?\[([^\n]*)\]/;

/**
 * The card's `get_list`: only the text after the last "\n" is read (a trailing newline leaves nothing); without
 * "Final Answer:" and a bracketed list there, nothing is parsed. The list's text is split on "," and each item
 * Python-stripped, empty items dropped (so `[]` is the empty list). The card's code takes the items from the whole
 * match with `strip("[]")`, which keeps "Final Answer: [" on the first item; its comment ("if the list was empty,
 * then get [] not [\"\"]") shows the bracket's contents are meant, and those are what is read here.
 */
export function parseGraphwalksAnswer(response: string): GraphwalksAnswer {
  const lastLine = response.slice(response.lastIndexOf("\n") + 1);
  if (!lastLine.includes("Final Answer:")) return { nodes: [], isParsed: false };
  const match = FINAL_ANSWER.exec(lastLine);
  if (match === null) return { nodes: [], isParsed: false };
  const nodes = (match[1] ?? "")
    .split(",")
    .map((item) => pythonStrip(item))
    .filter((item) => item !== "");
  return { nodes, isParsed: true };
}

/**
 * The grade of a response against the row's nodes. F1 as the card computes it — recall = overlap / |truth| (0 when
 * truth is empty), precision = overlap / |sampled| (0 when nothing was listed), F1 = 2·(r·p) / (r + p) — except where
 * r + p is 0: the card's `else 1` is read as the case it is needed for, both sets empty (1); sets that share nothing
 * score 0, not the 1 the card's literal expression would give them.
 */
export function graphwalksGrade(response: string, answerNodes: readonly string[]): GraphwalksGrade {
  const answer = parseGraphwalksAnswer(response);
  if (!answer.isParsed) {
    return { f1: 0, jaccard: 0, precision: 0, recall: 0, isExact: false, isParsed: false, nodes: [] };
  }
  const sampled = new Set(answer.nodes);
  const truth = new Set(answerNodes);
  let overlap = 0;
  for (const node of sampled) if (truth.has(node)) overlap++;
  const recall = truth.size > 0 ? overlap / truth.size : 0;
  const precision = sampled.size > 0 ? overlap / sampled.size : 0;
  const bothEmpty = sampled.size === 0 && truth.size === 0;
  const f1 = recall + precision > 0 ? (2 * (recall * precision)) / (recall + precision) : bothEmpty ? 1 : 0;
  const union = sampled.size + truth.size - overlap;
  const jaccard = union === 0 ? 1 : overlap / union;
  const isExact = overlap === sampled.size && overlap === truth.size;
  return { f1, jaccard, precision, recall, isExact, isParsed: true, nodes: answer.nodes };
}
