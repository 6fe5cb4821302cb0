// lighteval's 'balanced' few-shot order: the pool drawn label by label with Python's global `random.seed(seed)`.
// Matched: huggingface/lighteval src/lighteval/tasks/prompt_manager.py@3fd15266bc8448b797e61462d293aa3fd40b3580
// (`FewShotSampler._init_fewshot_sampling_balanced`; the same code at v0.10.0, c4826ea9380f01fd7d6cfe291cee26a238dad774).
import { PythonRandom } from "../stats/python-random.js";

/** Python's `str` ordering (`sorted()`): by code point, which JavaScript's `<` (UTF-16 units) is not for astral text. */
export function compareCodePoints(left: string, right: string): number {
  const leftPoints = Array.from(left, (character) => character.codePointAt(0) ?? 0);
  const rightPoints = Array.from(right, (character) => character.codePointAt(0) ?? 0);
  const length = Math.min(leftPoints.length, rightPoints.length);
  for (let index = 0; index < length; index++) {
    const difference = (leftPoints[index] ?? 0) - (rightPoints[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return leftPoints.length - rightPoints.length;
}

/**
 * The order in which lighteval's balanced sampler draws a pool whose items carry `labels` (its
 * `fewshot_sorting_class`): the seed is set, items are grouped by label, the labels (in `sorted()` order) are
 * bucketed by group size, each bucket is shuffled, largest groups first, and the labels are then cycled, drawing
 * `group.pop(randrange(len(group)))` from each non-empty group until the pool is empty. Returns pool indices.
 *
 * lighteval draws only `min(pool, n + 1)` items for n shots; the draws are the same, so those are a prefix of this
 * order. Like lighteval, the cycle stops at an empty-string label (`if not next_label: break`).
 */
export function lightevalBalancedOrder(labels: readonly string[], seed = 0): number[] {
  const random = new PythonRandom(seed);
  const groups = new Map<string, number[]>();
  labels.forEach((label, index) => {
    const group = groups.get(label);
    if (group === undefined) groups.set(label, [index]);
    else group.push(index);
  });
  const labelsByCount = new Map<number, string[]>();
  for (const label of [...groups.keys()].sort(compareCodePoints)) {
    const count = groups.get(label)?.length ?? 0;
    const bucket = labelsByCount.get(count);
    if (bucket === undefined) labelsByCount.set(count, [label]);
    else bucket.push(label);
  }
  const cycleOrder: string[] = [];
  for (const count of [...labelsByCount.keys()].sort((left, right) => right - left)) {
    cycleOrder.push(...random.shuffle(labelsByCount.get(count) ?? []));
  }
  const order: number[] = [];
  for (let position = 0; order.length < labels.length; position++) {
    const label = cycleOrder[position % cycleOrder.length] ?? "";
    if (label === "") break;
    const group = groups.get(label) ?? [];
    if (group.length === 0) continue;
    const [drawn] = group.splice(random.randbelow(group.length), 1);
    if (drawn !== undefined) order.push(drawn);
  }
  return order;
}
