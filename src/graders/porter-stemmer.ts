// The Porter stemmer as nltk's `PorterStemmer()` runs it in its default mode, NLTK_EXTENSIONS — the stemmer
// rouge_score's tokenizer builds for `use_stemmer=True` (nltk/nltk nltk/stem/porter.py
// @f2a92bd7e360e39a4439e4d97540fd68f2721451). Written here from that file's rules, not from the npm packages: `stemmer`
// and `porter-stemmer` implement Martin Porter's own version, which nltk's mode departs from (see
// porter-stemmer.test.ts for the words where they differ and why). Pure.
//
// nltk's additions over Martin's version, all kept: a table of irregular forms looked up before stemming (with the
// word as given, so only lower-case words hit it); words of at most two characters returned lower-cased; step 1a
// `ies` → `ie` for four-letter words; step 1b `ied` → `ie` (four letters) or `i`; step 1c `y` → `i` only after a
// consonant that is not the word's first letter; step 2 `alli` → `al` tried first and then step 2 again, plus
// `fulli` → `ful` and `logi` → `log` with the measure taken over the stem and its `l`; *o also true for a two-letter
// vowel-consonant stem. Characters are Python's (code points), so lengths and indices count code points.

/** nltk's `irregular_forms`, keyed by the form met in text. */
const IRREGULAR_FORMS: ReadonlyMap<string, string> = new Map([
  ["sky", "sky"],
  ["skies", "sky"],
  ["dying", "die"],
  ["lying", "lie"],
  ["tying", "tie"],
  ["news", "news"],
  ["innings", "inning"],
  ["inning", "inning"],
  ["outings", "outing"],
  ["outing", "outing"],
  ["cannings", "canning"],
  ["canning", "canning"],
  ["howe", "howe"],
  ["proceed", "proceed"],
  ["exceed", "exceed"],
  ["succeed", "succeed"],
]);

const VOWELS = new Set(["a", "e", "i", "o", "u"]);

/** A word as a list of code points. */
type Word = readonly string[];

/** Per position: is it a consonant? `y` is one at the start or after a vowel (the paper's definition). */
function consonantMask(word: Word): boolean[] {
  const mask: boolean[] = [];
  for (let index = 0; index < word.length; index++) {
    const letter = word[index] as string;
    if (VOWELS.has(letter)) mask.push(false);
    else if (letter === "y") mask.push(index === 0 ? true : !mask[index - 1]);
    else mask.push(true);
  }
  return mask;
}

function isConsonant(word: Word, index: number): boolean {
  return consonantMask(word)[index] ?? false;
}

/** m: the number of vowel-then-consonant boundaries. */
function measure(stem: Word): number {
  const mask = consonantMask(stem);
  let count = 0;
  for (let index = 0; index + 1 < mask.length; index++) if (!mask[index] && mask[index + 1]) count++;
  return count;
}

function containsVowel(stem: Word): boolean {
  return consonantMask(stem).some((consonant) => !consonant);
}

/** *d: ends with two equal consonants. */
function endsDoubleConsonant(word: Word): boolean {
  const length = word.length;
  return length >= 2 && word[length - 1] === word[length - 2] && isConsonant(word, length - 1);
}

/** *o: ends consonant-vowel-consonant, the last not w, x or y; or (nltk) is a two-letter vowel-consonant stem. */
function endsCvc(word: Word): boolean {
  const length = word.length;
  const mask = consonantMask(word);
  const last = word[length - 1] as string;
  return (
    (length >= 3 &&
      mask[length - 3] === true &&
      !mask[length - 2] &&
      mask[length - 1] === true &&
      !"wxy".includes(last)) ||
    (length === 2 && !mask[0] && mask[1] === true)
  );
}

function endsWith(word: Word, suffix: string): boolean {
  const suffixLength = [...suffix].length;
  return suffixLength <= word.length && word.slice(word.length - suffixLength).join("") === suffix;
}

function withoutSuffix(word: Word, suffix: string): Word {
  return word.slice(0, word.length - [...suffix].length);
}

function append(word: Word, ending: string): Word {
  return [...word, ...ending];
}

/** One rule: a suffix (or `*d`, a double consonant), its replacement, the stem's condition (none: always). */
interface Rule {
  suffix: string;
  replacement: string;
  condition?: (stem: Word) => boolean;
}

/**
 * nltk's `_apply_rule_list`: the first rule whose suffix the word ends with decides — applied when its condition holds,
 * otherwise the word is returned unchanged (later rules are not tried).
 */
function applyRules(word: Word, rules: readonly Rule[]): Word {
  for (const { suffix, replacement, condition } of rules) {
    if (suffix === "*d" && endsDoubleConsonant(word)) {
      const stem = word.slice(0, -2);
      return condition === undefined || condition(stem) ? append(stem, replacement) : word;
    }
    if (endsWith(word, suffix)) {
      const stem = withoutSuffix(word, suffix);
      return condition === undefined || condition(stem) ? append(stem, replacement) : word;
    }
  }
  return word;
}

const positiveMeasure = (stem: Word): boolean => measure(stem) > 0;
const measureAboveOne = (stem: Word): boolean => measure(stem) > 1;

function step1a(word: Word): Word {
  if (endsWith(word, "ies") && word.length === 4) return append(withoutSuffix(word, "ies"), "ie");
  return applyRules(word, [
    { suffix: "sses", replacement: "ss" },
    { suffix: "ies", replacement: "i" },
    { suffix: "ss", replacement: "ss" },
    { suffix: "s", replacement: "" },
  ]);
}

function step1b(word: Word): Word {
  if (endsWith(word, "ied")) return append(withoutSuffix(word, "ied"), word.length === 4 ? "ie" : "i");
  if (endsWith(word, "eed")) {
    const stem = withoutSuffix(word, "eed");
    return measure(stem) > 0 ? append(stem, "ee") : word;
  }
  let stem: Word | undefined;
  for (const suffix of ["ed", "ing"]) {
    if (endsWith(word, suffix) && containsVowel(withoutSuffix(word, suffix))) {
      stem = withoutSuffix(word, suffix);
      break;
    }
  }
  if (stem === undefined) return word;
  const last = stem[stem.length - 1] ?? "";
  return applyRules(stem, [
    { suffix: "at", replacement: "ate" },
    { suffix: "bl", replacement: "ble" },
    { suffix: "iz", replacement: "ize" },
    { suffix: "*d", replacement: last, condition: () => !["l", "s", "z"].includes(last) },
    {
      suffix: "",
      replacement: "e",
      condition: (candidate) => measure(candidate) === 1 && endsCvc(candidate),
    },
  ]);
}

function step1c(word: Word): Word {
  return applyRules(word, [
    {
      suffix: "y",
      replacement: "i",
      condition: (stem) => stem.length > 1 && isConsonant(stem, stem.length - 1),
    },
  ]);
}

const STEP2_RULES: readonly Rule[] = [
  ["ational", "ate"],
  ["tional", "tion"],
  ["enci", "ence"],
  ["anci", "ance"],
  ["izer", "ize"],
  ["bli", "ble"],
  ["alli", "al"],
  ["entli", "ent"],
  ["eli", "e"],
  ["ousli", "ous"],
  ["ization", "ize"],
  ["ation", "ate"],
  ["ator", "ate"],
  ["alism", "al"],
  ["iveness", "ive"],
  ["fulness", "ful"],
  ["ousness", "ous"],
  ["aliti", "al"],
  ["iviti", "ive"],
  ["biliti", "ble"],
  ["fulli", "ful"],
].map(([suffix, replacement]) => ({
  suffix: suffix as string,
  replacement: replacement as string,
  condition: positiveMeasure,
}));

function step2(word: Word): Word {
  if (endsWith(word, "alli") && positiveMeasure(withoutSuffix(word, "alli")))
    return step2(append(withoutSuffix(word, "alli"), "al"));
  // `logi` → `log`, the measure taken over the stem with its `l` (word minus `ogi`).
  const logi: Rule = {
    suffix: "logi",
    replacement: "log",
    condition: () => positiveMeasure(word.slice(0, -3)),
  };
  return applyRules(word, [...STEP2_RULES, logi]);
}

const STEP3_RULES: readonly Rule[] = [
  ["icate", "ic"],
  ["ative", ""],
  ["alize", "al"],
  ["iciti", "ic"],
  ["ical", "ic"],
  ["ful", ""],
  ["ness", ""],
].map(([suffix, replacement]) => ({
  suffix: suffix as string,
  replacement: replacement as string,
  condition: positiveMeasure,
}));

const STEP4_RULES: readonly Rule[] = [
  "al",
  "ance",
  "ence",
  "er",
  "ic",
  "able",
  "ible",
  "ant",
  "ement",
  "ment",
  "ent",
  "ion",
  "ou",
  "ism",
  "ate",
  "iti",
  "ous",
  "ive",
  "ize",
].map((suffix) => ({
  suffix,
  replacement: "",
  // (m>1 and (*S or *T)) ION; (m>1) for the rest.
  condition:
    suffix === "ion"
      ? (stem: Word) => measureAboveOne(stem) && ["s", "t"].includes(stem[stem.length - 1] ?? "")
      : measureAboveOne,
}));

function step5a(word: Word): Word {
  if (!endsWith(word, "e")) return word;
  const stem = word.slice(0, -1);
  const stemMeasure = measure(stem);
  return stemMeasure > 1 || (stemMeasure === 1 && !endsCvc(stem)) ? stem : word;
}

function step5b(word: Word): Word {
  return applyRules(word, [
    { suffix: "ll", replacement: "l", condition: () => measure(word.slice(0, -1)) > 1 },
  ]);
}

/** `PorterStemmer().stem(word)`: nltk's default mode, `to_lowercase=True`. */
export function porterStem(word: string): string {
  const lower = word.toLowerCase();
  const irregular = IRREGULAR_FORMS.get(word);
  if (irregular !== undefined) return irregular;
  if ([...word].length <= 2) return lower;
  let stem: Word = [...lower];
  stem = step1a(stem);
  stem = step1b(stem);
  stem = step1c(stem);
  stem = step2(stem);
  stem = applyRules(stem, STEP3_RULES);
  stem = applyRules(stem, STEP4_RULES);
  stem = step5a(stem);
  stem = step5b(stem);
  return stem.join("");
}
