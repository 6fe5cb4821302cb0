// Tokens of Java / JavaScript source (enough for the call expressions BFCL decodes from answers).

export interface SourceToken {
  kind: "identifier" | "number" | "string" | "char" | "template" | "punctuation";
  text: string;
  start: number;
  end: number;
}

const PUNCTUATION = [
  ">>>=",
  "...",
  "<<=",
  ">>=",
  ">>>",
  "===",
  "!==",
  "**=",
  "&&=",
  "||=",
  "??=",
  "->",
  "::",
  "++",
  "--",
  "&&",
  "||",
  "??",
  "?.",
  "==",
  "!=",
  "<=",
  ">=",
  "+=",
  "-=",
  "*=",
  "/=",
  "&=",
  "|=",
  "^=",
  "%=",
  "<<",
  ">>",
  "**",
  "=>",
  "(",
  ")",
  "[",
  "]",
  "{",
  "}",
  ";",
  ",",
  ".",
  "@",
  "=",
  ">",
  "<",
  "!",
  "~",
  "?",
  ":",
  "+",
  "-",
  "*",
  "/",
  "&",
  "|",
  "^",
  "%",
  "#",
];
const IDENTIFIER = /[\p{L}\p{Nl}_$][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}$\u200c\u200d]*/uy;
const NUMBER =
  /(?:0[xX][0-9a-fA-F_]+|0[bB][01_]+|0[oO][0-7_]+|(?:\d[\d_]*)?\.?\d[\d_]*(?:[eE][-+]?\d[\d_]*)?|\d[\d_]*\.)[a-zA-Z]?/y;

export class SourceSyntaxError extends SyntaxError {}

/** Reads a quoted literal from `start`; returns its end (after the closing quote). */
function quotedEnd(text: string, start: number, quote: string): number {
  let index = start + quote.length;
  while (index < text.length && !text.startsWith(quote, index)) {
    if (text[index] === "\\") index++;
    else if (text[index] === "\n" && quote.length === 1 && quote !== "`")
      throw new SourceSyntaxError("unterminated literal");
    index++;
  }
  if (index >= text.length) throw new SourceSyntaxError("unterminated literal");
  return index + quote.length;
}

/** Tokens of `text`, skipping whitespace and comments; `isJava` selects Java's text blocks and char literals. */
export function tokenizeSource(text: string, isJava: boolean): SourceToken[] {
  const tokens: SourceToken[] = [];
  let index = 0;
  while (index < text.length) {
    const character = text[index] ?? "";
    if (/\s/.test(character)) {
      index++;
      continue;
    }
    if (text.startsWith("//", index)) {
      while (index < text.length && text[index] !== "\n") index++;
      continue;
    }
    if (text.startsWith("/*", index)) {
      const end = text.indexOf("*/", index + 2);
      if (end < 0) throw new SourceSyntaxError("unterminated comment");
      index = end + 2;
      continue;
    }
    const start = index;
    if (character === '"' || character === "'" || character === "`") {
      const quote = isJava && text.startsWith('"""', index) ? '"""' : character;
      index = quotedEnd(text, index, quote);
      const kind = character === "`" ? "template" : isJava && character === "'" ? "char" : "string";
      if (isJava && character === "`") throw new SourceSyntaxError("unexpected `");
      tokens.push({ kind, text: text.slice(start, index), start, end: index });
      continue;
    }
    IDENTIFIER.lastIndex = index;
    const identifier = IDENTIFIER.exec(text);
    if (identifier !== null) {
      index = IDENTIFIER.lastIndex;
      tokens.push({ kind: "identifier", text: identifier[0], start, end: index });
      continue;
    }
    if (/\d/.test(character) || (character === "." && /\d/.test(text[index + 1] ?? ""))) {
      NUMBER.lastIndex = index;
      const number = NUMBER.exec(text);
      if (number === null) throw new SourceSyntaxError("invalid number");
      index = NUMBER.lastIndex;
      tokens.push({ kind: "number", text: number[0], start, end: index });
      continue;
    }
    const punctuation = PUNCTUATION.find((candidate) => text.startsWith(candidate, index));
    if (punctuation === undefined)
      throw new SourceSyntaxError(`unexpected character ${JSON.stringify(character)}`);
    index += punctuation.length;
    tokens.push({ kind: "punctuation", text: punctuation, start, end: index });
  }
  return tokens;
}
