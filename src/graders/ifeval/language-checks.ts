// The `language:response_language` instruction: langdetect's verdict on the whole response.
import type { InstructionKwargs } from "./instruction-kwargs.js";
import { detectLanguage } from "./langdetect/detect-language.js";

/** langdetect detects `language`; a text langdetect cannot read (no features) counts as followed, as officially. */
export function checkResponseLanguage(
  response: string,
  kwargs: InstructionKwargs["language:response_language"],
): boolean {
  const language = detectLanguage(response);
  return language === undefined || language === kwargs.language;
}
