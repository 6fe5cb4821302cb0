// Incremental split of model text into answer text and `<think>…</think>` reasoning, for tags split across deltas.

/** What a whole text splits into. */
export interface ThinkSplit {
  text: string;
  reasoning: string;
  /** A `<think>` was opened and never closed: everything after it went to `reasoning`. */
  isThinkUnclosed: boolean;
}

const OPEN_TAG = "<think>";
const CLOSE_TAG = "</think>";
type Tag = typeof OPEN_TAG | typeof CLOSE_TAG;
const IN_THINK_TAGS: readonly Tag[] = [CLOSE_TAG];
const AFTER_TAG_TAGS: readonly Tag[] = [OPEN_TAG];
const FIRST_TAGS: readonly Tag[] = [OPEN_TAG, CLOSE_TAG];

/**
 * Feed text deltas in arrival order with `push`, then call `end` once.
 * - Text before `<think>` and after `</think>` is answer text; text inside is reasoning. Several blocks are fine.
 * - A `</think>` with no `<think>` before it (DeepSeek-R1 / Qwen3 templates put the opening tag in the prompt)
 *   turns all the text before it into reasoning.
 * - A tag split across deltas is held back only while it could still become a tag.
 */
export class ThinkSplitter {
  #textParts: string[] = [];
  #reasoningParts: string[] = [];
  #isInThink = false;
  #hasSeenTag = false;
  /** The tail of the last delta that may be the start of a tag. */
  #pending = "";

  push(delta: string): void {
    let input = delta;
    if (this.#pending.length > 0) {
      input = this.#pending + delta;
      this.#pending = "";
    }
    let position = 0;
    const length = input.length;
    while (position < length) {
      const tagAt = input.indexOf("<", position);
      if (tagAt === -1) {
        this.#append(position === 0 ? input : input.slice(position));
        return;
      }
      if (tagAt > position) this.#append(input.slice(position, tagAt));
      const matched = this.#matchTag(input, tagAt);
      if (matched === "partial") {
        this.#pending = input.slice(tagAt);
        return;
      }
      if (matched === undefined) {
        this.#append("<");
        position = tagAt + 1;
        continue;
      }
      this.#applyTag(matched);
      position = tagAt + matched.length;
    }
  }

  /** True once answer text (outside `<think>`) has been seen; an orphan `</think>` turns it false again. */
  get hasText(): boolean {
    return this.#textParts.length > 0;
  }

  end(): ThinkSplit {
    if (this.#pending.length > 0) {
      this.#append(this.#pending);
      this.#pending = "";
    }
    return {
      text: this.#textParts.join(""),
      reasoning: this.#reasoningParts.join(""),
      isThinkUnclosed: this.#isInThink,
    };
  }

  #append(piece: string): void {
    if (this.#isInThink) this.#reasoningParts.push(piece);
    else this.#textParts.push(piece);
  }

  /** The tag that starts at `at`, "partial" when the input ends inside a possible tag, or undefined. */
  #matchTag(input: string, at: number): Tag | "partial" | undefined {
    const candidates = this.#isInThink ? IN_THINK_TAGS : this.#hasSeenTag ? AFTER_TAG_TAGS : FIRST_TAGS;
    const available = input.length - at;
    let isPartial = false;
    for (const tag of candidates) {
      if (available >= tag.length) {
        if (input.startsWith(tag, at)) return tag;
      } else if (tag.startsWith(input.slice(at))) {
        isPartial = true;
      }
    }
    return isPartial ? "partial" : undefined;
  }

  #applyTag(tag: Tag): void {
    if (tag === OPEN_TAG) {
      this.#isInThink = true;
    } else if (this.#isInThink) {
      this.#isInThink = false;
    } else {
      // An orphan closing tag: what came before it was reasoning.
      this.#reasoningParts.push(...this.#textParts);
      this.#textParts = [];
    }
    this.#hasSeenTag = true;
  }
}
