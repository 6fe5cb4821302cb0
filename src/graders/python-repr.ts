// How Python prints a value that came from a dataset row (JSON, CSV or parquet): `str()`, `repr()` and `ascii()`
// of str, int, float, bool, None, list and dict. A JSON number is an int when it is whole (JSON does not keep
// `1.0` apart from `1`), else a float.

/** Python's `str.isprintable()` false: other (Cc, Cf, Cs, Co, Cn) and separators (Zl, Zp, Zs) but the space. */
const NOT_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

function hex(code: number, width: number): string {
  return code.toString(16).padStart(width, "0");
}

/** `\xhh`, `\uhhhh` or `\Uhhhhhhhh`, as Python escapes a code point. */
function escapeCodePoint(code: number): string {
  if (code < 0x100) return `\\x${hex(code, 2)}`;
  if (code < 0x10000) return `\\u${hex(code, 4)}`;
  return `\\U${hex(code, 8)}`;
}

/** `repr(text)`: single quotes unless the text has `'` and no `"`; `\\`, the quote, `\n \r \t` and non-printables escaped. */
export function pythonStringRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let body = "";
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    if (character === "\\") body += "\\\\";
    else if (character === quote) body += `\\${quote}`;
    else if (character === "\n") body += "\\n";
    else if (character === "\r") body += "\\r";
    else if (character === "\t") body += "\\t";
    else if (character !== " " && NOT_PRINTABLE.test(character)) body += escapeCodePoint(code);
    else body += character;
  }
  return quote + body + quote;
}

/** `repr(x)` of a float: the shortest digits that round-trip, fixed for exponents -4…15, else `d.ddde±XX`. */
export function pythonFloatRepr(value: number): string {
  if (Number.isNaN(value)) return "nan";
  if (!Number.isFinite(value)) return value > 0 ? "inf" : "-inf";
  if (value === 0) return Object.is(value, -0) ? "-0.0" : "0.0";
  const [mantissa = "0", exponentText = "0"] = Math.abs(value).toExponential().split("e");
  const exponent = Number(exponentText);
  const digits = mantissa.replace(".", "");
  const sign = value < 0 ? "-" : "";
  if (exponent >= -4 && exponent < 16) {
    if (exponent < 0) return `${sign}0.${"0".repeat(-exponent - 1)}${digits}`;
    const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, "0");
    const fraction = digits.slice(exponent + 1);
    return `${sign}${whole}.${fraction === "" ? "0" : fraction}`;
  }
  const fraction = digits.slice(1);
  const exponentSign = exponent < 0 ? "-" : "+";
  return `${sign}${digits[0]}${fraction === "" ? "" : `.${fraction}`}e${exponentSign}${String(Math.abs(exponent)).padStart(2, "0")}`;
}

/** True for a number Python would hold as an int (a whole JSON number, a bigint). */
export function isPythonInt(value: unknown): value is number | bigint {
  return (
    typeof value === "bigint" ||
    (typeof value === "number" && Number.isInteger(value) && !Object.is(value, -0))
  );
}

/** `repr(value)`. */
export function pythonRepr(value: unknown): string {
  if (typeof value === "string") return pythonStringRepr(value);
  return pythonStr(value, true);
}

/** `str(value)` (`isNested`: inside a container, where strings print as their repr). */
export function pythonStr(value: unknown, isNested = false): string {
  if (typeof value === "string") return isNested ? pythonStringRepr(value) : value;
  if (value === null || value === undefined) return "None";
  if (typeof value === "boolean") return value ? "True" : "False";
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "number") {
    if (isPythonInt(value)) return Math.abs(value) < 1e21 ? value.toFixed(0) : BigInt(value).toString();
    return pythonFloatRepr(value);
  }
  if (Array.isArray(value)) return `[${value.map((item) => pythonRepr(item)).join(", ")}]`;
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return `b${pythonStringRepr(Buffer.from(value).toString("latin1"))}`;
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>);
    return `{${entries.map(([key, item]) => `${pythonStringRepr(key)}: ${pythonRepr(item)}`).join(", ")}}`;
  }
  return String(value);
}

/** `ascii(value)`: its repr with every non-ASCII code point escaped. */
export function pythonAscii(value: unknown): string {
  let text = "";
  for (const character of pythonRepr(value)) {
    const code = character.codePointAt(0) ?? 0;
    text += code < 0x80 ? character : escapeCodePoint(code);
  }
  return text;
}
