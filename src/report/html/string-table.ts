// The report's string table: each distinct text stored once, referred to by index; prompt texts cut into blocks so
// the few-shot examples many prompts share are stored once.
import type { TextRef } from "./report-model.js";

/**
 * Cuts a text after each blank line ("\n\n"), each block keeping its trailing separator, so `blocks.join("")` is
 * the text. Few-shot prompts are blocks joined by blank lines (lm-eval's and lighteval's `fewshot_delimiter`
 * "\n\n"): one example is one block, whatever its place among the shots, so a sample whose shots are ordered or
 * drawn differently still shares them. A block is never empty; the empty text is one empty block.
 */
export function splitTextBlocks(text: string): string[] {
  const blocks: string[] = [];
  let start = 0;
  for (;;) {
    const at = text.indexOf("\n\n", start);
    if (at === -1) break;
    // Runs of newlines stay with the block they end.
    let end = at + 2;
    while (text.charCodeAt(end) === 10) end++;
    blocks.push(text.slice(start, end));
    start = end;
  }
  if (start < text.length || blocks.length === 0) blocks.push(text.slice(start));
  return blocks;
}

export class StringTable {
  readonly strings: string[] = [];
  private readonly indices = new Map<string, number>();

  /** The index of `text`, added when new. */
  intern(text: string): number {
    let index = this.indices.get(text);
    if (index === undefined) {
      index = this.strings.length;
      this.strings.push(text);
      this.indices.set(text, index);
    }
    return index;
  }

  /** A prompt text as its blocks' indices. */
  internBlocks(text: string): TextRef {
    return splitTextBlocks(text).map((block) => this.intern(block));
  }
}

/** The text a reference stands for. */
export function textOf(strings: readonly string[], ref: TextRef | number): string {
  if (typeof ref === "number") return strings[ref] ?? "";
  let text = "";
  for (const index of ref) text += strings[index] ?? "";
  return text;
}
