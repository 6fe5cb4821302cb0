// The official instructions_test.py cases (google-research@5b09c22d73a9d35eb6c5d2a99b95677a45053466), same inputs
// and expected verdicts, for every registered instruction. Cases of unregistered classes (constrained start,
// rephrase, key sentences, rephrase paragraph) are not ported.
import { describe, expect, it } from "vitest";
import { type InstructionCheck, instructionChecks } from "./instruction-checks.js";
import type { IfevalInstructionId } from "./instruction-kwargs.js";
import { parseIfevalInstructions } from "./parse-ifeval-instructions.js";

/** The official `check_following` (no blank-response gate) after `build_description(**kwargs)`. */
function follows(
  instructionId: IfevalInstructionId,
  response: string,
  kwargs: Record<string, unknown> = {},
): boolean {
  const [instruction] = parseIfevalInstructions([instructionId], [kwargs]);
  if (instruction === undefined) throw new Error("no instruction");
  const check = instructionChecks[instruction.instructionId] as InstructionCheck<IfevalInstructionId>;
  return check(response, instruction.kwargs as never);
}

describe("language:response_language", () => {
  it.each([
    ["The response is English", "en"],
    ["Desayunamos en McDonald's hoy", "es"],
    ["Today we visit the Louvre", "en"],
  ])("%s is %s", (response, language) => {
    expect(follows("language:response_language", response, { language })).toBe(true);
  });
});

describe("length_constraints:number_sentences", () => {
  it.each([
    ["xx,x. xx,x! xx/x. x{x}x?", "less than", 4, false],
    ["xxxx. xx,x! xxxx. x(x)x?", "less than", 5, true],
    ["xxxx. xx,x! xx|x. x&x x?", "at least", 4, true],
    ["xx-x. xx,x! xx}x. x,xx?", "at least", 5, false],
  ])("%s %s %i → %s", (response, relation, numSentences, expected) => {
    expect(
      follows("length_constraints:number_sentences", response, { relation, num_sentences: numSentences }),
    ).toBe(expected);
  });
});

describe("detectable_content:number_placeholders", () => {
  it.each([
    [
      "Sure, here is a short template with 5 placeholders:\n[Name]\n[Email]\n[Phone]\n[Address]\n[Website]\nThis template can be used for a variety of purposes, such ascreating a contact list, sending out surveys, or creating a sign-up form.",
      5,
      true,
    ],
    ["My [adjective] [noun] is [adjective] [noun]. I [verb] and [verb].", 7, false],
  ])("%#", (response, numPlaceholders, expected) => {
    expect(
      follows("detectable_content:number_placeholders", response, { num_placeholders: numPlaceholders }),
    ).toBe(expected);
  });
});

const BULLET_1 = `
  A Markdown bullet point is a way of formatting text to create a list. To
  create a bullet point, start each line with an asterisk (*). For example:
  * This is a bullet point.
  *(no space required)Another bullet point.
  * (no newline ending required)Another bullet point.
  markdown bullet points are often used to create to-do lists or to list items
  in a step-by-step guide.`;
const BULLET_2 = `
  Check that inline asterisk (*), *, will not be counted. Only * that starts a
  bullet list will be counted:
    * This is a bullet point.
    * Another bullet point.
    . dot is not counted`;
const BULLET_3 = `
  Here are three bullets starting with asterisk:
  * I am a large language model, also known as a conversational AI.
  * I am trained on a massive amount of text data, and I am able to communicate.
  * I am still under development, but I am learning new things every day.`;
const BULLET_4 = `
  Here are three markdown bullets:
  - I am a large language model, also known as a conversational AI.
  - I am trained on a massive amount of text data, and I am able to communicate.
  -I am still under development, but I am learning new things every day.`;
const BULLET_5 = `
  Paragraph 1
  ***
  Paragraph 2
  ***
  Paragraph 3
  * only one bullet point
  `;

describe("detectable_format:number_bullet_lists", () => {
  it.each([
    [BULLET_1, 3],
    [BULLET_2, 2],
    [BULLET_3, 3],
    [BULLET_4, 3],
    [BULLET_5, 1],
  ])("message %# has %i bullets", (response, numBullets) => {
    expect(follows("detectable_format:number_bullet_lists", response, { num_bullets: numBullets })).toBe(
      true,
    );
  });
});

describe("detectable_format:constrained_response", () => {
  it.each([
    "\n My answer is no.\n",
    "My answer is no.   ",
    `
  My answer is no. I am still under development and I am always learning and
  improving. I am not the best chatbot in the world, but I am striving to be
  the best that I can be.`,
  ])("message %# follows", (response) => {
    expect(follows("detectable_format:constrained_response", response)).toBe(true);
  });
});

const HIGHLIGHTED_1 = `
  To highlight text with Markdown, you can use the * character before and after
  the text you want to highlight. For example, if you want to highlight the
  word \`hello\`, you would type:*hello*, You can also use the ** character to
  create bold text. For example, if you want to bold the word \`hello\`, you
  would type: **hello** `;
const HIGHLIGHTED_2 = `
  Sure, here are the numerical methods for solving partial differential
  equations highlighted with Markdown:
  *Finite difference methods
  *Finite element methods*
  *Boundary element methods
  *Monte Carlo methods
  I hope this helps!`;
const HIGHLIGHTED_3 = `
  There is allowed to be *two different* highlighted *sections in the same*
  line. **This is also true** for **double markdown highlights.**
  `;

describe("detectable_format:number_highlighted_sections", () => {
  it.each([
    [HIGHLIGHTED_1, 2, true],
    [HIGHLIGHTED_2, 2, false],
    [HIGHLIGHTED_3, 4, true],
  ])("message %# with at least %i → %s", (response, numHighlights, expected) => {
    expect(
      follows("detectable_format:number_highlighted_sections", response, { num_highlights: numHighlights }),
    ).toBe(expected);
  });
});

describe("detectable_format:multiple_sections", () => {
  it("counts Section X splits", () => {
    const message1 = `
  Your response must have multiple sections. Mark the beginning of each section
  with "Section X", such as:
  Section 1
  [content of section 1]
  Section 2
  [content of section 2]`;
    const message2 = `SECTION 1
  [content of section 1]
  SECTION 2
  [content of section 2]`;
    expect(
      follows("detectable_format:multiple_sections", message1, {
        section_spliter: "Section",
        num_sections: 3,
      }),
    ).toBe(false);
    expect(
      follows("detectable_format:multiple_sections", message2, {
        section_spliter: "SECTION",
        num_sections: 2,
      }),
    ).toBe(true);
  });
});

describe("length_constraints:number_paragraphs", () => {
  it.each([
    ["\n  paragraph 1\n  ***\n  paragraph 2\n  ***\n  paragraph 3", 3, true],
    [
      "\n          ***\n  paragraph 1\n          ***\n      paragraph 2\n          ***\n      paragraph 3",
      3,
      true,
    ],
    [
      "\n  paragraph 1\n          ***\n      paragraph 2\n          ***\n      paragraph 3\n          ***",
      3,
      true,
    ],
    ["\n  paragraph 1\n          ***\n      paragraph 2\n          ***\n          ***", 2, false],
  ])("message %# with %i paragraphs → %s", (response, numParagraphs, expected) => {
    expect(follows("length_constraints:number_paragraphs", response, { num_paragraphs: numParagraphs })).toBe(
      expected,
    );
  });
});

const POSTSCRIPT_1 = `
  I will do my best to follow your instructions and always start my responses
  with "My response is:". I will try to be as consistent as possible, but
  please be patient with me if I make a mistake. I am still under development,
  and I am always learning new things.

  P.S. I hope this is what you were looking for.`;
const POSTSCRIPT_2 = `
  Sure, here is my response with a postscript starting with P.P.S.:

  My response is: I hope this answers your question.

  P.P.S. I am always happy to answer any other questions you may have.

  Do you have any other questions for me?`;
const POSTSCRIPT_3 = `
  The radius of a unit circle is 1. However, I can give you a funny and wrong
  answer: the radius of a unit circle is 0. This is because a unit circle is a
  circle with a radius of 1, and if the radius is 0, then the circle has no
  size and is just a point. (not starting a new line) P.S. I hope you enjoyed
  my joke!`;
const POSTSCRIPT_4 = `
  If the length of a square is one, the area of the square will also be one.
  p.p.s what if the entire response was lower case letters?
  `;
const POSTSCRIPT_5 = `
  The mysteries of space and time are mysterious.
  P. S. Sometimes there are even spaces between P. and S..
  `;

describe("detectable_content:postscript", () => {
  it.each([
    [POSTSCRIPT_1, "P.S.", true],
    [POSTSCRIPT_1, "PS:", false],
    [POSTSCRIPT_2, "P.P.S", true],
    [POSTSCRIPT_3, "P.S.", true],
    [POSTSCRIPT_4, "P.P.S", true],
    [POSTSCRIPT_5, "P.S.", true],
  ])("message %# with %s → %s", (response, marker, expected) => {
    expect(follows("detectable_content:postscript", response, { postscript_marker: marker })).toBe(expected);
  });
});

describe("keywords:existence", () => {
  const keywords = ["romantic", "river", "Mona Lisa"];
  it("finds every keyword", () => {
    const message = `
  Paris is a city of beauty and romance. The romantic river Seine winds its way
  through the city, past iconic landmarks like the Eiffel Tower and the Louvre
  Museum, where the Mona Lisa resides. Whether you're taking a boat cruise down
  the river or simply strolling along the banks, you're sure to be captivated
  by the city's charm.`;
    expect(follows("keywords:existence", message, { keywords })).toBe(true);
  });
  it("misses one", () => {
    const message = `
  Paris is a city of beauty, romance, and history. It is home to some of the
  most iconic landmarks in the world, including the Eiffel Tower, the Louvre
  Museum, and the Notre Dame Cathedral. The city is also known for its romantic
  river cruises, its delicious food, and its stylish people.
  `;
    expect(follows("keywords:existence", message, { keywords })).toBe(false);
  });
});

describe("keywords:frequency", () => {
  const message1 = "\n  keyword, Keyword, KEYWORD\n  ";
  const message2 = "\n    *keyword\n    *Keyword\n    *KEYWORD\n  ";
  it.each([
    [message1, "  keyword ", 4, "less than", true],
    [message1, "  keyword ", 3, "at least", true],
    [message2, "KEYWORD", 4, "at least", false],
  ])("message %# keyword %j %i %s → %s", (response, keyword, frequency, relation, expected) => {
    expect(follows("keywords:frequency", response, { keyword, frequency, relation })).toBe(expected);
  });
});

describe("length_constraints:number_words", () => {
  const message1 = "\n  d3sCRi7 lArge lAnguagE M0del w1tH 20 w0RdS.";
  const message2 =
    "\n  L4RGE L4NGU4GE M0DEL: AI syst3m th4t und3rstands, g3n3r4tes, or tr4nsforms\n  l4ngu4g3 b4s3d on pr3vious l3arning & d4t4.";
  it.each([
    [message1, 8, "less than", true],
    [message2, 16, "less than", false],
    [message2, 16, "at least", true],
  ])("message %# %i %s → %s", (response, numWords, relation, expected) => {
    expect(follows("length_constraints:number_words", response, { num_words: numWords, relation })).toBe(
      expected,
    );
  });
});

describe("length_constraints:nth_paragraph_first_word", () => {
  const test1 = "\n  paragraph 1\n\n  I paragraph 2\n\n  paragraph 3";
  const test2 = "\n  paragraph 1\n\n  I paragraph 2";
  const test3 = "\n  paragraph 1\n\n  fail paragraph 2\n\n  paragraph 3";
  const test4 =
    "\n  Wow this is a very long response.\n\n  I can't believe there is more than three paragraphs.\n\n  Really more than three? No way!\n\n  I can't believe it but I guess I am living proof.\n\n  Haha, you go that right.";
  const test5 =
    "\n  Wow this is a very long response.\n\n  I can't believe there is more than three paragraphs.\n\n  \"Really?! more than three? No way!\"\n\n  I can't believe it but I guess I am living proof.\n\n  Haha, you go that right.";
  const test6 =
    "\n  Wow this is a very long response.\n\n  I can't believe there is more than three paragraphs.\n\n  Rea!lly more than three? No way!\n\n  I can't believe it but I guess I am living proof.\n\n  Haha, you go that right.";
  it.each([
    [test1, 3, 2, "I", true],
    [test2, 3, 2, "I", false],
    [test3, 3, 2, "I", false],
    [test4, 5, 5, "haha", true],
    [test5, 5, 3, "Really", true],
    [test6, 5, 3, "Really", false],
  ])("test %# → %s", (response, numParagraphs, nthParagraph, firstWord, expected) => {
    expect(
      follows("length_constraints:nth_paragraph_first_word", response, {
        num_paragraphs: numParagraphs,
        nth_paragraph: nthParagraph,
        first_word: firstWord,
      }),
    ).toBe(expected);
  });
});

describe("keywords:forbidden_words", () => {
  const message1 = `
  The Nazis came to power in 1933 through a combination of legal and illegal
  means. Hitler was appointed chancellor by President Paul von Hindenburg, and
  the Nazis quickly consolidated their power by passing a series of laws that
  restricted the rights of opposition parties and individuals. By 1934, Hitler
  had become dictator of Germany.
  `;
  const message2 = `
  Dinosaurs were a diverse group of reptiles that dominated the Earth for over
  160 million years. They came in all shapes and sizes, from the tiny
  Compsognathus to the massive Argentinosaurus. Dinosaurs were the most
  successful land animals on Earth until they went extinct about 66 million
  years ago. The exact cause of their extinction is still unknown, but it
  is thought to have been a combination of factors, including an asteroid
  impact and climate change.
  `;
  const message3 = `
  GPT, or Generative Pre-trained Transformer, is a family of neural network
  models that uses the transformer architecture. GPT models are trained on a
  massive dataset of text and code, and can be used for a variety of tasks,
  including text generation, translation, and question answering. GPT models
  have been shown to be very effective at these tasks, and are being used by
  a variety of companies and organizations like Google.
  `;
  const words1 = ["HOUSE", "POWER", "BECOME"];
  const words2 = ["GOOGLE", "TEXT"];
  const words3 = ["GENE", "TRANSFORM"];
  it.each([
    [message1, words1, false],
    [message2, words1, true],
    [message3, words1, true],
    [message1, words2, true],
    [message2, words2, true],
    [message3, words2, false],
    [message3, words3, true],
  ])("case %# → %s", (response, forbiddenWords, expected) => {
    expect(follows("keywords:forbidden_words", response, { forbidden_words: forbiddenWords })).toBe(expected);
  });
});

describe("combination:two_responses", () => {
  it.each([
    ["\n  This is response 1.\n  ******\n  This is response 2.\n  ", true],
    ["\n  This is response 1.\n  ******\n  This is response 1.\n  ", false],
    ["\n  This is response 1.\n  ******\n  This is response 2.\n  ******\n  This is response 3.\n  ", false],
    ["\n  ******\n  Response 1.\n  ******\n  ******\n  Response 2.\n  ******\n  ", false],
    ["\n  ******\n  Response 1\n  ******\n  Response 2\n  ******\n  ", true],
  ])("case %# → %s", (response, expected) => {
    expect(follows("combination:two_responses", response)).toBe(expected);
  });
});

describe("combination:repeat_prompt", () => {
  const kwargs = { prompt_to_repeat: "Write a CL description." };
  it("accepts the prompt repeated first", () => {
    const answer = "Write a CL description. Hi, Le and TJ, please\n  check this out. Thanks.\n  ";
    expect(follows("combination:repeat_prompt", answer, kwargs)).toBe(true);
  });
  it("rejects words before the prompt", () => {
    expect(
      follows("combination:repeat_prompt", "Hi, Le and TJ. Write a CL description. Thanks.\n  ", kwargs),
    ).toBe(false);
  });
});

describe("startend:end_checker", () => {
  it.each([
    ["\n  The answer is 7. Any more questions?\n  ", "\n  Any more questions?\n  ", true],
    [
      "\n  At the end of this prompt I am required to say that this is the end.\n  ",
      "\n  This is the end.\n  ",
      true,
    ],
    ["\n  This will fail. Paris is cool.\n  ", "\n  This will fail.\n  ", false],
  ])("case %# → %s", (response, endPhrase, expected) => {
    expect(follows("startend:end_checker", response, { end_phrase: endPhrase })).toBe(expected);
  });
});

describe("detectable_format:title", () => {
  it.each([
    ["\n  <<Song of Joy>>\n  La la la. Happy song.\n  ", true],
    ["\n  Is it fine for title to be at the end?\n  <<This is the title>>\n  ", true],
    ["\n  << >>\n  There is no title.\n  ", false],
    ["\n  <<This is not a title.\n  This is a paragraph.>>\n  ", false],
  ])("case %# → %s", (response, expected) => {
    expect(follows("detectable_format:title", response)).toBe(expected);
  });
});

describe("keywords:letter_frequency", () => {
  it.each([
    ["\n  There is the T. Four T's.\n  ", "T", 4, "at least", true],
    ["\n  asdfghjkl!!aA\n  ", "a", 4, "less than", true],
    ["\n  asdfghjkl!!aA\n  ", "p", 4, "at least", false],
  ])("case %# → %s", (response, letter, frequency, relation, expected) => {
    expect(
      follows("keywords:letter_frequency", response, {
        letter,
        let_frequency: frequency,
        let_relation: relation,
      }),
    ).toBe(expected);
  });
});

describe("change_case:english_capital and english_lowercase", () => {
  it.each([
    ["\n  THIS IS AN ENGLISH SENTENCE. EVERY LETTER IS CAPITALIZED!!! AMAZING.\n  ", true],
    ["\n  Every Word Is Capitalized.\n  ", false],
  ])("capital %# → %s", (response, expected) => {
    expect(follows("change_case:english_capital", response)).toBe(expected);
  });
  it.each([
    ["\n  every letter is lowercase.\n  ", true],
    ["\n  Almost every letter is lowercase.\n  ", false],
  ])("lowercase %# → %s", (response, expected) => {
    expect(follows("change_case:english_lowercase", response)).toBe(expected);
  });
});

describe("punctuation:no_comma", () => {
  it.each([
    ["\n  Every sentence is short. There is no need for a comma.\n  ", true],
    ["\n  Since the start of time, people have always found a way to punctuate.\n  ", false],
  ])("case %# → %s", (response, expected) => {
    expect(follows("punctuation:no_comma", response)).toBe(expected);
  });
});

describe("change_case:capital_word_frequency", () => {
  const message1 = "\n  HERE there are THREE FUlly CAPITAL words.\n  ";
  const message2 = "\n  THERE are Four FULLY CAPITAL WORDS. Many Others Are Only Partially So.\n  ";
  it.each([
    [message1, 3, "at least", true],
    [message2, 5, "less than", true],
    [message2, 4, "less than", false],
  ])("message %# %i %s → %s", (response, frequency, relation, expected) => {
    expect(
      follows("change_case:capital_word_frequency", response, {
        capital_frequency: frequency,
        capital_relation: relation,
      }),
    ).toBe(expected);
  });
});

describe("startend:quotation", () => {
  it.each([
    ['\n  "This entire message is wrapped in double quotation marks."\n  ', true],
    ['\n  "This message is wrapped in double quotation marks." But not everything.\n  ', false],
  ])("case %# → %s", (response, expected) => {
    expect(follows("startend:quotation", response)).toBe(expected);
  });
});

describe("detectable_format:json_format", () => {
  it.each([
    ['```json\n{"a": 1}\n```', true],
    ["  ```JSON\n[1, 2]```  ", true],
    ["```\nNaN\n```", true],
    ['{"a": 1,}', false],
    ["Here is the JSON: {}", false],
  ])("%j → %s", (response, expected) => {
    expect(follows("detectable_format:json_format", response)).toBe(expected);
  });
});
