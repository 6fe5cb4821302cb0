// Lays a plan out as text: repeated prompt, title, paragraphs of filler with the required pieces, bullets,
// postscript, end phrase; then letter case, quotes or JSON.
import { FillerStream } from "./filler-stream.js";
import { fillerWordFilter, type ResponsePlan } from "./response-plan.js";

/** How the pieces are arranged; the builder tries several. */
export interface Layout {
  /** Title, constrained answer and section markers open their paragraph (else they follow its first sentence). */
  isLeadFirst: boolean;
  /** Where the filler text starts (the caller's variant plus a retry count). */
  fillerOffset: number;
  /** Filler sentences per paragraph when nothing bounds them (more text steadies language detection). */
  sentencesPerParagraph: number;
  /**
   * Fewer sentences: postscripts are the bare marker (Punkt counts "P.S." as a sentence of its own, so a text
   * after it is one more) and the end phrase continues the last line instead of following it.
   */
  isCompact: boolean;
}

/** The amounts the builder tunes until the counts fit. */
export interface FillAmounts {
  sentences: number;
  wordsPerSentence: number;
  /** Extra copies of each keyword / letter run / all-capital word, spread over the sentences. */
  keywordCopies: Map<string, number>;
  letterRuns: Map<string, number>;
  capitalWords: number;
}

const CONSTRAINED_ANSWERS = ["My answer is yes.", "My answer is no.", "My answer is maybe."] as const;
const LETTER_RUN = 8;

/** How many filler slots the layout has: one per paragraph, plus the first answer of two. */
export function paragraphCount(plan: ResponsePlan): number {
  const sections = plan.sections.reduce((total, section) => Math.max(total, section.count), 0);
  return plan.starParagraphs ?? plan.newlineParagraphs?.count ?? Math.max(1, sections);
}

export function slotCount(plan: ResponsePlan): number {
  return paragraphCount(plan) + (plan.isTwoResponses ? 1 : 0);
}

function capitalize(word: string): string {
  return [...word].length > 1 ? word.charAt(0).toUpperCase() + word.slice(1) : word;
}

/** The tokens to weave into sentences: keywords, highlights, placeholders, capital words, letter runs. */
function insertTokens(plan: ResponsePlan, amounts: FillAmounts, words: FillerStream, english: FillerStream) {
  const tokens: string[] = [];
  for (const [keyword, copies] of amounts.keywordCopies) {
    for (let copy = 0; copy < copies; copy++) tokens.push(keyword);
  }
  for (let index = 0; index < plan.highlights; index++) tokens.push(`*${words.next() || "note"}*`);
  for (let index = 0; index < plan.placeholders; index++) tokens.push(`[${english.next() || index + 1}]`);
  for (let index = 0; index < amounts.capitalWords; index++) {
    const word = english.nextWhere((candidate) => candidate.length > 1);
    tokens.push((word ?? "OK").toUpperCase());
  }
  for (const [letter, count] of amounts.letterRuns) {
    for (let left = count; left > 0; left -= LETTER_RUN)
      tokens.push(letter.repeat(Math.min(LETTER_RUN, left)));
  }
  return tokens;
}

/** `count` sentences of `length` filler words each, tokens spread round-robin after each first word. */
function fillerSentences(count: number, length: number, words: FillerStream, tokens: string[]): string[][] {
  const sentences: string[][] = [];
  for (let index = 0; index < count; index++) {
    const sentence: string[] = [];
    for (let word = 0; word < length; word++) sentence.push(words.next());
    sentences.push(sentence.filter((word) => word !== ""));
  }
  tokens.forEach((token, index) => {
    const sentence = sentences[index % Math.max(1, count)];
    sentence?.splice(Math.min(1, sentence.length), 0, token);
  });
  return sentences;
}

function sentenceText(words: string[], firstWord: string | undefined): string {
  const all = firstWord === undefined ? words : [firstWord, ...words];
  const [head = "", ...rest] = all;
  return `${[capitalize(head), ...rest].join(" ")}.`;
}

/** Splits `total` sentences over `slots` (each at least one when possible). */
function spread(total: number, slots: number): number[] {
  return Array.from(
    { length: slots },
    (_, slot) => Math.floor(total / slots) + (slot < total % slots ? 1 : 0),
  );
}

/** The text before letter case and wrapping. */
function renderBody(plan: ResponsePlan, layout: Layout, amounts: FillAmounts): string {
  const isAllowed = fillerWordFilter(plan);
  const words = new FillerStream({ language: plan.language, isAllowed, offset: layout.fillerOffset });
  const english = new FillerStream({ language: "en", isAllowed, offset: layout.fillerOffset + 3 });
  const tokens = insertTokens(plan, amounts, words, english);
  const sentences = fillerSentences(amounts.sentences, amounts.wordsPerSentence, words, tokens);
  const paragraphs = paragraphCount(plan);
  const slots = spread(sentences.length, slotCount(plan));
  let next = 0;
  const take = (count: number): string[][] => {
    const taken = sentences.slice(next, next + count);
    next += count;
    return taken;
  };
  const firstWords = plan.newlineParagraphs?.firstWords ?? new Map<number, string>();
  const sectionMarkers: string[][] = Array.from({ length: paragraphs }, () => []);
  for (const section of plan.sections) {
    for (let index = 0; index < section.count; index++) {
      sectionMarkers[Math.floor((index * paragraphs) / section.count)]?.push(
        `${section.splitter} ${index + 1}`,
      );
    }
  }
  const texts: string[] = [];
  for (let paragraph = 0; paragraph < paragraphs; paragraph++) {
    const lines: string[] = [];
    const lead: string[] = [...(sectionMarkers[paragraph] ?? [])];
    if (paragraph === 0) {
      if (plan.hasTitle)
        lead.unshift(`<<${capitalize(english.next() || "notes")} ${english.next()}>>`.trim());
      if (plan.isConstrained) lead.push(constrainedAnswer(isAllowed));
      if (plan.repeatPrompt !== undefined) lines.push(plan.repeatPrompt);
      if (plan.isTwoResponses) {
        const first = take(slots.at(-1) ?? 1).map((words, index) =>
          sentenceText(words, index === 0 ? firstWords.get(1) : undefined),
        );
        lines.push(first.join(" "), "******");
      }
    }
    const own = take(slots[paragraph] ?? 0).map((words, index) =>
      sentenceText(
        words,
        index === 0 && !(paragraph === 0 && plan.isTwoResponses) ? firstWords.get(paragraph + 1) : undefined,
      ),
    );
    if (layout.isLeadFirst || own.length === 0) lines.push(...lead, own.join(" "));
    else lines.push(own[0] ?? "", ...lead, own.slice(1).join(" "));
    if (paragraph === paragraphs - 1) {
      lines.push(...closingLines(plan, layout, words));
      if (layout.isCompact && plan.endPhrase !== undefined && lines.length > 1) {
        const phrase = lines.pop() ?? "";
        lines.push(`${(lines.pop() ?? "").replace(/\.$/, "")} ${phrase}`);
      }
    }
    texts.push(lines.filter((line) => line !== "").join("\n"));
  }
  return texts.join(plan.starParagraphs === undefined ? "\n\n" : "\n***\n\n");
}

function constrainedAnswer(isAllowed: (word: string) => boolean): string {
  return (
    CONSTRAINED_ANSWERS.find((answer) =>
      answer.split(/[ .]/).every((word) => word === "" || isAllowed(word)),
    ) ?? CONSTRAINED_ANSWERS[0]
  );
}

/** Bullets, postscripts and the end phrase, each on its own line at the end. */
function closingLines(plan: ResponsePlan, layout: Layout, words: FillerStream): string[] {
  const lines: string[] = [];
  for (let bullet = 0; bullet < (plan.bullets ?? 0); bullet++) {
    lines.push(`* ${capitalize(words.next())} ${words.next()}.`);
  }
  for (const marker of plan.postscriptMarkers) {
    lines.push(
      layout.isCompact
        ? marker
        : `${marker}${marker.endsWith(".") ? "" : "."} ${capitalize(words.next())} ${words.next()}.`,
    );
  }
  if (plan.endPhrase !== undefined) lines.push(plan.endPhrase);
  return lines;
}

function applyCase(plan: ResponsePlan, text: string): string {
  if (plan.letterCase === "lower") return text.toLowerCase();
  if (plan.letterCase === "upper") return text.toUpperCase();
  return text;
}

/** A JSON string of the text with its line breaks as spaces (an escaped `\n` would put a lowercase n in it). */
function jsonString(text: string): string {
  return JSON.stringify(text.replaceAll("\n", " "));
}

/**
 * JSON keeps `\n\n` paragraphs as nested one-key objects whose keys are the paragraphs (no commas needed, and
 * each paragraph piece opens with its own first word); otherwise the text is one JSON string.
 */
function toJson(plan: ResponsePlan, text: string): string {
  if (plan.newlineParagraphs === undefined) return jsonString(text);
  const paragraphs = text.split("\n\n");
  const last = jsonString(paragraphs.pop() ?? "");
  if (paragraphs.length === 0) return `{${last}: null}`;
  const keys = paragraphs.map(jsonString);
  return `{${keys.join(": {\n\n")}: \n\n${last}${"}".repeat(keys.length)}`;
}

/** The whole response for these amounts. */
export function renderResponse(plan: ResponsePlan, layout: Layout, amounts: FillAmounts): string {
  const text = applyCase(plan, renderBody(plan, layout, amounts));
  if (plan.isJson) return toJson(plan, text);
  return plan.isQuoted ? `"${text}"` : text;
}
