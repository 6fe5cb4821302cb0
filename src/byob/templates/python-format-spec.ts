// Python's format-spec mini-language (`format(value, spec)`) for the values a row holds: str, int, float, bool,
// None, list and dict — `[[fill]align][sign][z][#][0][width][grouping][.precision][type]`.
import { isPythonInt, pythonFloatRepr, pythonStr } from "../../graders/python-repr.js";

/** A spec Python rejects (its ValueError or TypeError), with Python's reason. */
export class FormatSpecError extends Error {}

interface Spec {
  fill: string;
  align: "<" | ">" | "^" | "=" | undefined;
  sign: "+" | "-" | " ";
  isNegativeZeroCoerced: boolean;
  isAlternate: boolean;
  width: number;
  grouping: "," | "_" | undefined;
  precision: number | undefined;
  type: string;
}

const SPEC = /^(?:(.)?([<>=^]))?([-+ ])?(z)?(#)?(0)?(\d+)?([,_])?(?:\.(\d+))?([bcdeEfFgGnosxX%])?$/su;

function parseSpec(spec: string): Spec {
  const match = SPEC.exec(spec);
  if (match === null) throw new FormatSpecError(`Invalid format specifier '${spec}'`);
  const [, fill, align, sign, z, alternate, zero, width, grouping, precision, type] = match;
  return {
    fill: fill ?? (zero !== undefined && align === undefined ? "0" : " "),
    align: (align as Spec["align"]) ?? (zero !== undefined ? "=" : undefined),
    sign: (sign as Spec["sign"]) ?? "-",
    isNegativeZeroCoerced: z !== undefined,
    isAlternate: alternate !== undefined,
    width: width === undefined ? 0 : Number(width),
    grouping: grouping as Spec["grouping"],
    precision: precision === undefined ? undefined : Number(precision),
    type: type ?? "",
  };
}

function pad(body: string, spec: Spec, defaultAlign: "<" | ">", signAndPrefix = ""): string {
  const length = [...signAndPrefix].length + [...body].length;
  const missing = Math.max(0, spec.width - length);
  const fill = spec.fill.repeat(missing);
  switch (spec.align ?? defaultAlign) {
    case "<":
      return signAndPrefix + body + fill;
    case "^": {
      const left = spec.fill.repeat(Math.floor(missing / 2));
      return left + signAndPrefix + body + spec.fill.repeat(missing - Math.floor(missing / 2));
    }
    case "=":
      return signAndPrefix + fill + body;
    default:
      return fill + signAndPrefix + body;
  }
}

/** Inserts `separator` every `every` digits from the right of a digit run. */
function group(digits: string, separator: string | undefined, every: number): string {
  if (separator === undefined) return digits;
  let grouped = "";
  for (let index = 0; index < digits.length; index++) {
    const fromRight = digits.length - index;
    grouped += digits[index];
    if (fromRight > 1 && (fromRight - 1) % every === 0) grouped += separator;
  }
  return grouped;
}

function signOf(isNegative: boolean, spec: Spec): string {
  if (isNegative) return "-";
  return spec.sign === "-" ? "" : spec.sign;
}

function formatInt(value: bigint, spec: Spec): string {
  const isNegative = value < 0n;
  const magnitude = isNegative ? -value : value;
  let digits: string;
  let prefix = "";
  let every = 3;
  switch (spec.type) {
    case "b":
      digits = magnitude.toString(2);
      prefix = spec.isAlternate ? "0b" : "";
      every = 4;
      break;
    case "o":
      digits = magnitude.toString(8);
      prefix = spec.isAlternate ? "0o" : "";
      every = 4;
      break;
    case "x":
    case "X":
      digits = magnitude.toString(16);
      if (spec.type === "X") digits = digits.toUpperCase();
      prefix = spec.isAlternate ? (spec.type === "X" ? "0X" : "0x") : "";
      every = 4;
      break;
    case "c":
      return pad(String.fromCodePoint(Number(value)), spec, "<");
    default:
      digits = magnitude.toString();
  }
  if (spec.precision !== undefined)
    throw new FormatSpecError("Precision not allowed in integer format specifier");
  if (spec.grouping === "," && every === 4)
    throw new FormatSpecError(`Cannot specify ',' with '${spec.type}'.`);
  return pad(group(digits, spec.grouping, every), spec, ">", signOf(isNegative, spec) + prefix);
}

/** `x` with `decimals` digits after the point, correctly rounded (half to even on exact ties, as CPython). */
function toFixedExact(x: number, decimals: number): string {
  if (Math.abs(x) >= 1e21) {
    const whole = BigInt(Math.round(x)).toString();
    return decimals === 0 ? whole : `${whole}.${"0".repeat(decimals)}`;
  }
  const text = x.toFixed(decimals);
  const scaled = x * 10 ** decimals;
  // JavaScript rounds an exact tie up; CPython to even.
  if (
    Number.isFinite(scaled) &&
    Math.abs(scaled) < 2 ** 52 &&
    scaled - Math.trunc(scaled) === 0.5 * Math.sign(scaled)
  ) {
    const down = (Math.trunc(scaled) / 10 ** decimals).toFixed(decimals);
    return Math.trunc(scaled) % 2 === 0 ? down : text;
  }
  return text;
}

function exponential(x: number, digits: number, upper: boolean): string {
  const [mantissa = "0", exponent = "0"] = x.toExponential(digits).split("e");
  const power = Number(exponent);
  const text = `${mantissa}e${power < 0 ? "-" : "+"}${String(Math.abs(power)).padStart(2, "0")}`;
  return upper ? text.toUpperCase() : text;
}

/**
 * The `g` rule with precision `p` (0 counts as 1): fixed when -4 <= exponent < p, else exponential; trailing zeros
 * (and a bare point) dropped unless `#`. `isNoType` (a float with a precision and no type): fixed keeps at least one
 * decimal, and exponential starts at exponent p - 1.
 */
function general(x: number, precision: number, spec: Spec, isNoType: boolean): string {
  const p = precision === 0 ? 1 : precision;
  const exponent = Number(x.toExponential(p - 1).split("e")[1]);
  const limit = isNoType ? p - 1 : p;
  if (exponent >= -4 && exponent < limit) {
    let text = toFixedExact(x, Math.max(0, p - 1 - exponent));
    if (!spec.isAlternate && text.includes(".")) text = text.replace(/0+$/, "").replace(/\.$/, "");
    if (isNoType && !text.includes(".")) text += ".0";
    return text;
  }
  const text = exponential(x, p - 1, spec.type === "G");
  return spec.isAlternate ? text : text.replace(/\.?0+(?=[eE])/, "");
}

function formatFloat(value: number, spec: Spec): string {
  const isNegative = value < 0 || Object.is(value, -0);
  const x = Math.abs(value);
  const upper = spec.type === "E" || spec.type === "F" || spec.type === "G";
  let body: string;
  if (!Number.isFinite(x)) {
    body = Number.isNaN(x) ? "nan" : "inf";
    if (upper) body = body.toUpperCase();
    if (spec.type === "%") body += "%";
  } else {
    switch (spec.type) {
      case "f":
      case "F":
        body = toFixedExact(x, spec.precision ?? 6);
        break;
      case "e":
      case "E":
        body = exponential(x, spec.precision ?? 6, upper);
        break;
      case "%":
        body = `${toFixedExact(x * 100, spec.precision ?? 6)}%`;
        break;
      case "g":
      case "G":
      case "n":
        body = general(x, spec.precision ?? 6, spec, false);
        break;
      default:
        body = spec.precision === undefined ? pythonFloatRepr(x) : general(x, spec.precision, spec, true);
    }
    // `#` keeps the point of a fixed result that has none (`format(3.0, '#.0f')` is '3.').
    if (spec.isAlternate && /^\d+%?$/.test(body)) body = body.replace(/(\d+)(%?)$/, "$1.$2");
  }
  const leading = /^(\d+)(.*)$/s.exec(body);
  const grouped = leading === null ? body : group(leading[1] ?? "", spec.grouping, 3) + (leading[2] ?? "");
  const isZero = Number.parseFloat(body) === 0;
  const sign = signOf(isNegative && !Number.isNaN(value) && !(spec.isNegativeZeroCoerced && isZero), spec);
  return pad(grouped, spec, ">", sign);
}

/** `format(value, spec)` as Python computes it for a row's value. */
export function pythonFormatValue(value: unknown, specText: string): string {
  if (specText === "") return pythonStr(value);
  const spec = parseSpec(specText);
  if (typeof value === "string") {
    if (spec.type !== "" && spec.type !== "s") {
      throw new FormatSpecError(`Unknown format code '${spec.type}' for object of type 'str'`);
    }
    if (spec.sign !== "-" || spec.align === "=") {
      throw new FormatSpecError(
        spec.align === "="
          ? "'=' alignment not allowed in string format specifier"
          : "Sign not allowed in string format specifier",
      );
    }
    const text = spec.precision === undefined ? value : [...value].slice(0, spec.precision).join("");
    return pad(text, spec, "<");
  }
  if (typeof value === "boolean" || isPythonInt(value)) {
    const integer = typeof value === "boolean" ? (value ? 1n : 0n) : BigInt(value);
    if ("eEfFgG%".includes(spec.type) && spec.type !== "") return formatFloat(Number(integer), spec);
    if (spec.type === "s") throw new FormatSpecError("Unknown format code 's' for object of type 'int'");
    return formatInt(integer, { ...spec, type: spec.type === "n" ? "d" : spec.type });
  }
  if (typeof value === "number") {
    if ("bcdoxXs".includes(spec.type) && spec.type !== "") {
      throw new FormatSpecError(`Unknown format code '${spec.type}' for object of type 'float'`);
    }
    return formatFloat(value, spec);
  }
  const typeName =
    value === null || value === undefined ? "NoneType" : Array.isArray(value) ? "list" : "dict";
  throw new FormatSpecError(`unsupported format string passed to ${typeName}.__format__`);
}
