// pythainlp's newmm word segmentation (`tokenize/newmm.py` `segment`, safe mode off, as `word_tokenize` calls it).

import { thaiCharacterClusters } from "./thai-character-clusters.js";
import type { ThaiDictionary } from "./thai-dictionary.js";

/**
 * newmm's `_PAT_NONTHAI`, tried in order: Latin letters (and `-`), numbers with `,`/`.` groups (Python's `\d`
 * is any Unicode decimal digit), spaces and tabs, a newline, any other run up to Thai script or whitespace.
 */
const NON_THAI = /[-a-zA-Z]+|\p{Nd}+(?:[,.]\p{Nd}+)*|[ \t]+|\r?\n|[^\u0e00-\u0e7f \t\r\n]+/uy;
/** `_PAT_THAI_TWOCHARS` (`[ก-ฮ]{,2}$`): at most two consonants and nothing else. */
const THAI_TWO_CONSONANTS = /^[ก-ฮ]{0,2}$/u;
/** `_MAX_GRAPH_SIZE`: past this many edges since the last cut, a position's further words are ignored. */
const MAX_GRAPH_SIZE = 50;

function nonThaiLength(text: string, position: number): number {
  NON_THAI.lastIndex = position;
  return NON_THAI.exec(text)?.[0].length ?? 0;
}

/** `_bfs_paths_graph`: the first path from `start` to `goal` a breadth-first walk over the edges finds. */
function firstPath(graph: ReadonlyMap<number, number[]>, start: number, goal: number): number[] {
  const queue: [number, number[]][] = [[start, [start]]];
  for (let head = 0; head < queue.length; head++) {
    const [vertex, path] = queue[head] ?? [start, [start]];
    for (const next of graph.get(vertex) ?? []) {
      if (next === goal) return [...path, next];
      queue.push([next, [...path, next]]);
    }
  }
  return [start, goal];
}

/**
 * The end of a token newmm cannot match at `begin` (`_onecut`, no candidate): a non-Thai run, or else the
 * text up to the first cluster boundary where a dictionary word of more than two consonants starts (and ends
 * on a boundary) or a non-Thai run starts; else the text's end.
 */
function unknownTokenEnd(
  text: string,
  begin: number,
  isBoundary: Uint8Array,
  dictionary: ThaiDictionary,
): number {
  const nonThai = nonThaiLength(text, begin);
  if (nonThai > 0) return begin + nonThai;
  for (let position = begin + 1; position < text.length; position++) {
    if (isBoundary[position] !== 1) continue;
    const startsWord = dictionary
      .prefixLengths(text, position)
      .some(
        (length) =>
          isBoundary[position + length] === 1 &&
          !THAI_TWO_CONSONANTS.test(text.slice(position, position + length)),
      );
    if (startsWord || nonThaiLength(text, position) > 0) return position;
  }
  return text.length;
}

/** Inserts `value` into the sorted `positions` (newmm's heap of candidate positions; it holds no duplicates). */
function insertSorted(positions: number[], value: number): void {
  let index = positions.length;
  while (index > 0 && (positions[index - 1] ?? 0) > value) index--;
  positions.splice(index, 0, value);
}

/**
 * newmm's `_onecut`: maximal matching constrained by Thai Character Cluster boundaries. From each candidate
 * position (smallest first), every dictionary word that ends on a cluster boundary adds an edge and a
 * candidate; when one candidate is left, the text up to it is cut along the first shortest path
 * (`_bfs_paths_graph`). With no candidate left, an unknown token is cut (see `unknownTokenEnd`).
 */
export function newmmSegment(text: string, dictionary: ThaiDictionary): string[] {
  const tokens: string[] = [];
  if (text === "") return tokens;
  const isBoundary = thaiCharacterClusters(text);
  const graph = new Map<number, number[]>();
  const addEdge = (from: number, to: number): void => {
    const edges = graph.get(from);
    if (edges === undefined) graph.set(from, [to]);
    else edges.push(to);
  };
  let graphSize = 0;
  const positions = [0];
  let endPosition = 0;
  while ((positions[0] ?? text.length) < text.length) {
    const begin = positions.shift() ?? 0;
    for (const length of dictionary.prefixLengths(text, begin)) {
      const candidate = begin + length;
      if (isBoundary[candidate] !== 1) continue;
      addEdge(begin, candidate);
      graphSize++;
      if (!positions.includes(candidate)) insertSorted(positions, candidate);
      if (graphSize > MAX_GRAPH_SIZE) break;
    }
    if (positions.length === 1) {
      const path = firstPath(graph, endPosition, positions[0] ?? 0);
      graphSize = 0;
      for (const position of path.slice(1)) {
        tokens.push(text.slice(endPosition, position));
        endPosition = position;
      }
    } else if (positions.length === 0) {
      endPosition = unknownTokenEnd(text, begin, isBoundary, dictionary);
      addEdge(begin, endPosition);
      graphSize++;
      tokens.push(text.slice(begin, endPosition));
      insertSorted(positions, endPosition);
    }
  }
  return tokens;
}
