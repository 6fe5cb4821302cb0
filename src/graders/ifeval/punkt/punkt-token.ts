// One Punkt token with its annotations, as nltk's `PunktToken` derives them from the token text.
import { isPythonLower, isPythonUpper } from "../python-text.js";

const NUMERIC = /^-?[.,]?\p{Nd}[\p{Nd},.-]*\.?$/u;
const ELLIPSIS = /^\.\.+$/;
/** `[^\W\d]\.` : a word character that is not a decimal digit, then a period. */
const INITIAL = /^[\p{L}\p{Nl}\p{No}_]\.$/u;

export class PunktToken {
  readonly text: string;
  /** Lower case, or `##number##` for a number. */
  readonly type: string;
  readonly isPeriodFinal: boolean;
  isSentenceBreak = false;
  isAbbreviation = false;
  isEllipsis = false;

  constructor(text: string) {
    this.text = text;
    const lower = text.toLowerCase();
    this.type = NUMERIC.test(lower) ? "##number##" : lower;
    this.isPeriodFinal = text.endsWith(".");
  }

  /** The type without a final period (a lone `.` keeps it). */
  get typeWithoutPeriod(): string {
    return this.type.length > 1 && this.type.endsWith(".") ? this.type.slice(0, -1) : this.type;
  }

  /** The type without its final period when that period is a sentence break. */
  get typeWithoutSentencePeriod(): string {
    return this.isSentenceBreak ? this.typeWithoutPeriod : this.type;
  }

  private get firstCharacter(): string {
    return String.fromCodePoint(this.text.codePointAt(0) ?? 0);
  }

  get isFirstUpper(): boolean {
    return isPythonUpper(this.firstCharacter);
  }

  get isFirstLower(): boolean {
    return isPythonLower(this.firstCharacter);
  }

  get isEllipsisText(): boolean {
    return ELLIPSIS.test(this.text);
  }

  get isInitial(): boolean {
    return INITIAL.test(this.text);
  }
}
