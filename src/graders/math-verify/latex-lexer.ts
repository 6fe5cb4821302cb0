// Splits normalised LaTeX into the tokens latex2sympy2_extended's PS.g4 lexer makes (longest match, first rule on ties).
// Token facts read in huggingface/latex2sympy2_extended src/latex2sympy2_extended/PS.g4@08735067b667bb8fb5beb9ef1cbc77d06bae3660

export interface LatexToken {
  kind: string;
  text: string;
}

/** Raised for input the reference's lexer or parser rejects (its parse then fails). */
export class LatexSyntaxError extends Error {}

const GREEK = String.raw`\alpha α \beta β \gamma γ \Gamma Γ \delta δ \Delta Δ \epsilon ε \varepsilon ϵ \zeta ζ \eta η
\theta θ \Theta Θ \vartheta ϑ \iota ι \kappa κ \lambda λ \Lambda Λ \mu μ \nu ν \xi ξ \Xi Ξ \omicron ο \pi π \Pi Π
\varpi ϖ \rho ρ \varrho ϱ \sigma σ \Sigma Σ \varsigma ς \tau τ \upsilon υ \Upsilon Υ \phi φ \Phi Φ \varphi ϕ \chi χ
\psi ψ \Psi Ψ \omega ω \Omega Ω`;
const OTHER_SYMBOLS = String.raw`\Bbbk \wp \nabla \bigstar \angle \nexists \diagdown \measuredangle \eth ℵ ℶ ℷ ℸ \diagup
\sphericalangle \clubsuit \varnothing \Diamond \complement \diamondsuit \imath \Finv \triangledown \heartsuit \jmath
\Game \triangle \spadesuit \ell \hbar \vartriangle \hslash \blacklozenge \lozenge \blacksquare \mho \blacktriangle
\sharp \prime \Im \flat \square \backprime \Re \natural \surd \circledS`;
const ACCENTS = String.raw`\acute \bar \overline \breve \check \widecheck \dot \ddot \grave \hat \tilde \widetilde \vec
\overrightarrow \bm \boldsymbol \text \textit \textbf \textnormal \mathbb \mathbin \mathbf \mathcal \mathclap
\mathclose \mathellipsis \mathfrak \mathinner \mathit \mathnormal \mathop \mathopen \mathord \mathpunct \mathrel
\mathring \mathrlap \mathrm \mathscr \mathsf \mathsterling \mathtt \mbox`;

/** Literal tokens in the grammar's rule order (earlier wins a tie of equal length). */
const LITERAL_GROUPS: readonly (readonly [string, string])[] = [
  ["DEGREE", String.raw`^\circ ^\degree ^\circle ^° ^{\circ} ^{\degree} ^{\circle} ^{°}`],
  ["TRANSPOSE", String.raw`^T ^{T} ^{\top} '`],
  [
    "skip",
    String.raw`\, \thinspace \: \medspace \; \thickspace \quad \qquad \! \negthinspace \negmedspace \negthickspace \$ \vrule \vcenter \vbox \vskip \vspace \hfil`,
  ],
  ["ADD", "+ ∔ ⊕ ⊞"],
  ["SUB", "- − ∸"],
  ["MUL", "* × ⋅ ⋄ ⊡ ∗ ⋆ ∘ ∙ ⊗ ⊠ ⋈ ⋉ ⋊"],
  ["DIV", String.raw`/ ÷ ∕ \over`],
  ["L_PAREN", "("],
  ["R_PAREN", ")"],
  ["L_PAREN_VISUAL", String.raw`\(`],
  ["R_PAREN_VISUAL", String.raw`\)`],
  ["L_GROUP", String.raw`\lgroup`],
  ["R_GROUP", String.raw`\rgroup`],
  ["L_BRACE", "{"],
  ["R_BRACE", "}"],
  ["L_BRACE_VISUAL", String.raw`\{`],
  ["R_BRACE_VISUAL", String.raw`\}`],
  ["L_BRACE_CMD", String.raw`\lbrace`],
  ["R_BRACE_CMD", String.raw`\rbrace`],
  ["L_BRACKET", "["],
  ["R_BRACKET", "]"],
  ["L_BRACK", String.raw`\lbrack`],
  ["R_BRACK", String.raw`\rbrack`],
  ["PHANTOM_CMD", String.raw`\phantom`],
  ["BOXED_CMD", String.raw`\boxed`],
  ["BAR", "|"],
  ["L_VERT", String.raw`\lvert`],
  ["R_VERT", String.raw`\rvert`],
  ["VERT", String.raw`\vert`],
  ["NORM", String.raw`\|`],
  ["L_ANGLE", String.raw`\langle`],
  ["R_ANGLE", String.raw`\rangle`],
  ["L_FLOOR", String.raw`\lfloor`],
  ["R_FLOOR", String.raw`\rfloor`],
  ["LL_CORNER", String.raw`\llcorner`],
  ["LR_CORNER", String.raw`\lrcorner`],
  ["L_CEIL", String.raw`\lceil`],
  ["R_CEIL", String.raw`\rceil`],
  ["UL_CORNER", String.raw`\ulcorner`],
  ["UR_CORNER", String.raw`\urcorner`],
  ["FUNC_LIM", String.raw`\lim`],
  ["LIM_APPROACH_SYM", String.raw`\to \rightarrow \Rightarrow \longrightarrow \Longrightarrow`],
  ["FUNC_INT", String.raw`\int`],
  ["FUNC_SUM", String.raw`\sum`],
  ["FUNC_PROD", String.raw`\prod`],
  [
    "FUNC_SINGLE",
    String.raw`\log \ln \exp \sin \cos \tan \csc \sec \cot \arcsin \arccos \arctan \arccsc \arcsec \arccot \sinh \cosh \tanh \arsinh \arcosh \artanh \arcsinh \arccosh \arctanh`,
  ],
  ["NAME_SINGLE", "arsinh arcsinh arcosh arccosh artanh arctanh"],
  ["NAME_MULTI", "gcd lcm"],
  ["NAME_SINGLE", "floor ceil"],
  ["FUNC_SQRT", String.raw`\sqrt`],
  ["FUNC_MULTI", String.raw`\gcd \lcm`],
  ["FUNC_SINGLE", String.raw`\floor \ceil`],
  ["FUNC_MULTI", String.raw`\max \min`],
  ["FUNC_SINGLE", String.raw`\det`],
  ["NAME_SINGLE", "eye"],
  ["NAME_MULTI", "zeros ones"],
  ["NAME_SINGLE", "cols rows"],
  ["NAME_MULTI", "diag"],
  ["NAME_SINGLE", "norm rank trace tr rref"],
  ["NAME_MULTI", "hstack vstack orth ortho orthogonal orthogonalize"],
  ["NAME_SINGLE", "nullspace eig eigen diagonalize eigenvals eigenvalues eigenvects eigenvectors svd SVD"],
  ["CMD_TIMES", String.raw`\times`],
  ["CMD_CDOT", String.raw`\cdot`],
  ["CMD_DIV", String.raw`\div`],
  ["CMD_FRAC", String.raw`\frac \dfrac \tfrac \cfrac`],
  ["CMD_BINOM", String.raw`\binom \tbinom \dbinom`],
  ["CMD_CHOOSE", String.raw`\choose`],
  ["CMD_MOD", String.raw`\mod`],
  ["CMD_MATHIT", String.raw`\mathit`],
  ["CMD_OPERATORNAME", String.raw`\operatorname`],
  ["MATRIX_TYPE", "matrix pmatrix bmatrix vmatrix"],
  ["MATRIX_DEL_COL", "&"],
  ["MATRIX_DEL_ROW", String.raw`\\`],
  ["UNDERSCORE", "_"],
  ["CARET", "^"],
  ["COLON", ":"],
  ["SEMICOLON", ";"],
  ["COMMA", ","],
  ["PERIOD", "."],
  ["EXP_E", String.raw`e \exponentialE`],
  ["E_NOTATION_E", "E"],
  ["MATRIX_XRIGHTARROW", String.raw`\xrightarrow \xRightarrow`],
  ["TRANSFORM_EXCHANGE", String.raw`<-> <=> \leftrightarrow \Leftrightarrow`],
  ["IN", String.raw`\in`],
  ["ASSIGNMENT", "= ≡ ≣ ≟ ≎ ≏ ≐ ≑ ≒ ≓ ≔ ≕ ≖ ≗"],
  ["EQUAL", String.raw`== \equiv`],
  ["APPROX", String.raw`~= ≈ ≊ ≋ ≃ ≅ \approx`],
  ["LT", String.raw`< ≪ ≺ ⋖ \lt`],
  ["LTE", String.raw`\leq \le \leqslant ≤ ≦ ≲ ≾ <=`],
  ["GT", String.raw`> ≫ ≻ ⋗ \gt`],
  ["GTE", String.raw`\geq \ge \geqslant ≥ ≧ ≳ ≿ >=`],
  ["UNEQUAL", String.raw`!= !== \ne \neq \not\equiv ≠ ≁ ≄ ≇ ≉ ≢`],
  ["BANG", "!"],
  ["GREEK_CMD", GREEK],
  ["OTHER_SYMBOL_CMD", OTHER_SYMBOLS],
  ["SYMBOL", String.raw`\partial \infty \$\infty \infty\% \infty%`],
  ["SET_NATURALS", String.raw`\mathbb{N} ℕ`],
  ["SET_INTEGERS", String.raw`\mathbb{Z} ℤ`],
  ["SET_RATIONALS", String.raw`\mathbb{Q} ℚ`],
  ["SET_REALS", String.raw`\mathbb{R} ℝ`],
  ["SET_COMPLEX", String.raw`\mathbb{C} ℂ`],
  ["SET_PRIMES", String.raw`\mathbb{P} ℙ`],
  ["UNION", String.raw`\cup ∪`],
  ["INTERSECTION", String.raw`\cap ∩`],
  ["SET_MINUS", String.raw`\setminus ∖`],
  ["PLUS_MINUS", String.raw`\pm ± ∓ \mp`],
  ["SET_EMPTY", String.raw`\emptyset ∅ \{\} \lbrace\rbrace`],
  ["SUPSET", String.raw`\supseteq ⊇`],
  ["SUBSET", String.raw`\subseteq ⊆`],
  ["NOTIN", String.raw`\notin ∉`],
];

interface LiteralEntry {
  kind: string;
  order: number;
}

const LITERALS = new Map<string, LiteralEntry>();
LITERAL_GROUPS.forEach(([kind, words], order) => {
  for (const word of words.split(/\s+/).filter((item) => item !== "")) {
    if (!LITERALS.has(word)) LITERALS.set(word, { kind, order });
  }
});
const MAX_LITERAL_LENGTH = Math.max(...[...LITERALS.keys()].map((word) => word.length));
const ACCENT_NAMES = ACCENTS.split(/\s+/).filter((item) => item !== "");
const PATTERN_ORDER = LITERAL_GROUPS.length;

const NUMBER = String.raw`(?:\d*\.\d+|\d+)`;
const PATTERNS: readonly { kind: string; pattern: RegExp; order: number }[] = [
  { kind: "DIFFERENTIAL", pattern: /d[ \t\r\n]*(?:[a-zA-Z]|\\[a-zA-Z]+)/y, order: 80 },
  { kind: "LETTER_NO_E", pattern: /[a-df-zA-DF-Z]/y, order: 81 },
  { kind: "NUMBER", pattern: new RegExp(NUMBER, "y"), order: 82 },
  { kind: "E_NOTATION", pattern: new RegExp(`${NUMBER}E[-+]?\\d+`, "y"), order: 83 },
  { kind: "PERCENT_NUMBER", pattern: new RegExp(`${NUMBER}[ \\t\\r\\n]?\\\\?%`, "y"), order: 84 },
  {
    kind: "ACCENT",
    pattern: new RegExp(
      `(?:${ACCENT_NAMES.map((name) => name.replace(/\\/g, "\\\\")).join("|")})[ \\t\\r\\n]?\\{(?:\\\\\\}|[^}])*?\\}`,
      "y",
    ),
    order: PATTERN_ORDER + 1,
  },
  { kind: "CMD_MATRIX_START", pattern: /\\begin\{(?:matrix|pmatrix|bmatrix)\}/y, order: 70 },
  { kind: "CMD_MATRIX_END", pattern: /\\end\{(?:matrix|pmatrix|bmatrix)\}/y, order: 71 },
  { kind: "CMD_ARRAY_START", pattern: /\\begin\{array\}\{[clr]*\}/y, order: 72 },
  { kind: "CMD_ARRAY_END", pattern: /\\end\{array\}/y, order: 73 },
  { kind: "CMD_DET_START", pattern: /\\begin\{vmatrix\}/y, order: 74 },
  { kind: "CMD_DET_END", pattern: /\\end\{vmatrix\}/y, order: 75 },
  { kind: "skip", pattern: /[ \t\r\n]+/y, order: -1 },
];

/** Greek letters and other symbols take one trailing space into their token, as `[ ]?` in the grammar. */
function withTrailingSpace(text: string, position: number, word: string, kind: string): number {
  const end = position + word.length;
  return (kind === "GREEK_CMD" || kind === "OTHER_SYMBOL_CMD") && text[end] === " "
    ? word.length + 1
    : word.length;
}

function longestLiteral(
  text: string,
  position: number,
): { kind: string; length: number; order: number } | undefined {
  for (let length = Math.min(MAX_LITERAL_LENGTH, text.length - position); length > 0; length--) {
    const word = text.slice(position, position + length);
    const entry = LITERALS.get(word);
    if (entry) {
      return {
        kind: entry.kind,
        length: withTrailingSpace(text, position, word, entry.kind),
        order: entry.order,
      };
    }
  }
  return undefined;
}

/** The token list of `text`; a character no token rule matches is a LatexSyntaxError. */
export function lexLatex(text: string): LatexToken[] {
  const tokens: LatexToken[] = [];
  let position = 0;
  while (position < text.length) {
    let best = longestLiteral(text, position);
    for (const { kind, pattern, order } of PATTERNS) {
      pattern.lastIndex = position;
      const match = pattern.exec(text);
      if (!match) continue;
      const length = match[0].length;
      if (best === undefined || length > best.length || (length === best.length && order < best.order)) {
        best = { kind, length, order };
      }
    }
    if (best === undefined) throw new LatexSyntaxError(`unexpected character ${text[position]}`);
    const tokenText = text.slice(position, position + best.length);
    if (best.kind !== "skip") tokens.push({ kind: best.kind, text: tokenText });
    position += best.length;
  }
  return tokens;
}
