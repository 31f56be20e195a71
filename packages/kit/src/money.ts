/**
 * Money, exactly: decimal arithmetic on BigInt, German display of cents (`1.234,56 €`), and reading
 * amounts as German users type them. Browser preview, API and PDF all compute and print from here.
 *
 * Exact decimal arithmetic for money, on BigInt. A number such as `0.1` is read through its
 * shortest decimal spelling (`"0.1"`), never through its binary value, so `0.1` is exactly ten
 * cents. Rounding is commercial ("kaufmännisch"): halves go away from zero, which for the
 * non-negative amounts of an invoice is round half up.
 */

/** The exact value `units / 10^scale`. */
export interface Decimal {
  units: bigint;
  scale: number;
}

const decimalPattern = /^([+-])?(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/**
 * Reads a decimal exactly: a finite number (through `String(value)`, which JavaScript defines as
 * the shortest spelling that reads back to the same number) or a string such as `"12.5"`,
 * `"-3"`, `"1e-7"`. Throws a RangeError for anything else (NaN, Infinity, `""`, `"abc"`).
 */
export function parseDecimal(value: number | string): Decimal {
  if (typeof value === "number" && !Number.isFinite(value)) {
    throw new RangeError(`Keine endliche Zahl: ${value}`);
  }
  const text = String(value).trim();
  const match = decimalPattern.exec(text);
  const whole = match?.[2] ?? "";
  const fraction = match?.[3] ?? "";
  if (!match || whole + fraction === "") {
    throw new RangeError(`Keine Dezimalzahl: "${text}"`);
  }
  const sign = match[1] === "-" ? -1n : 1n;
  const exponent = Number(match[4] ?? "0");
  let units = sign * BigInt(whole + fraction);
  let scale = fraction.length - exponent;
  if (scale < 0) {
    units *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { units, scale };
}

/** `numerator / denominator` rounded to the nearest integer, halves away from zero. */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError("Division durch null");
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = n / d;
  const rounded = (n % d) * 2n >= d ? quotient + 1n : quotient;
  return negative ? -rounded : rounded;
}

/** `value × factor / 10^scale` of a Decimal, rounded: the general "apply a decimal to an integer". */
export function multiplyRounded(amount: bigint, factor: Decimal, divisor = 1n): bigint {
  return divideRounded(amount * factor.units, divisor * 10n ** BigInt(factor.scale));
}

/** A euro amount as whole cents, rounded half up at the third decimal (`12.345` → 1235). */
export function toCents(euros: number | string): bigint {
  return multiplyRounded(100n, parseDecimal(euros));
}

/** A BigInt as a number, or a RangeError when it would lose precision (beyond ±2^53). */
export function toSafeNumber(value: bigint): number {
  const result = Number(value);
  if (!Number.isSafeInteger(result)) {
    throw new RangeError(`Betrag zu groß für eine exakte Darstellung: ${value}`);
  }
  return result;
}

// German display, written by hand rather than with `Intl.NumberFormat`, so it is exact for any
// safe integer of cents and identical in every browser, in Bun and in the PDF. The output equals
// `Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" })` for the same amount.

/**
 * The space between amount and euro sign: U+00A0 NO-BREAK SPACE, as Intl's de-DE output uses,
 * so "€" never wraps onto a line of its own. Tests and `pdftotext` see this character.
 */
export const euroSpace = "\u00a0";

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ".");
}

/**
 * Cents as German euros: `123456` → `1.234,56 €`, `0` → `0,00 €`, `-1050` → `-10,50 €`
 * (hyphen-minus, as Intl's de-DE). Minus zero prints as `0,00 €`.
 */
export function formatEuro(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Kein ganzzahliger Centbetrag: ${cents}`);
  const sign = cents < 0 ? "-" : "";
  const digits = String(Math.abs(cents)).padStart(3, "0");
  const euros = digits.slice(0, -2);
  const rest = digits.slice(-2);
  return `${sign}${groupThousands(euros)},${rest}${euroSpace}€`;
}

/**
 * An exact decimal in German spelling with as many decimals as it has: `1000000` → `1.000.000`,
 * `1.5` → `1,5`, `7.25` → `7,25`. Used for quantities and percentages.
 */
export function formatDecimal(value: number): string {
  const { units, scale } = parseDecimal(value);
  const sign = units < 0n ? "-" : "";
  const digits = (units < 0n ? -units : units).toString().padStart(scale + 1, "0");
  const whole = groupThousands(digits.slice(0, digits.length - scale));
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, "");
  return `${sign}${whole}${fraction ? `,${fraction}` : ""}`;
}

// A thousands group after the first: a dot and exactly three digits.
const groupedInteger = /^[1-9]\d{0,2}(?:\.\d{3})+$/;
const plainInteger = /^\d+$/;

/** The integer part as digits, dots read as thousands separators; null when the grouping is wrong. */
function integerDigits(text: string): string | null {
  if (plainInteger.test(text)) return text;
  return groupedInteger.test(text) ? text.replaceAll(".", "") : null;
}

/**
 * A decimal as German users type it, in the plain spelling `parseDecimal` reads (`"1999.5"`), or
 * null when it is not a number. Both decimal marks are understood:
 * - with a comma, the comma is the decimal mark and dots group thousands: `"199,90"`, `"1.999,50"`;
 * - without one, a dot followed by one or two digits at the end is the decimal point (`"199.90"`,
 *   `"7.5"`), and any other dot groups thousands (`"1.999"` is 1999, `"1.999.50"` is 1999.50);
 * - a leading minus, spaces around and a trailing `€` are allowed; thousands groups must be
 *   complete (`"1.99"` is 1.99, but `"19.9999"` is not a number).
 */
export function readDecimalInput(value: string): string | null {
  let text = value.trim().replace(/\s*€$/, "").trim();
  const negative = text.startsWith("-");
  if (negative) text = text.slice(1).trim();
  let whole: string;
  let fraction = "";
  if (text.includes(",")) {
    const parts = text.split(",");
    if (parts.length !== 2) return null;
    whole = parts[0] ?? "";
    fraction = parts[1] ?? "";
    if (!/^\d*$/.test(fraction)) return null;
  } else {
    const decimalPoint = /\.(\d{1,2})$/.exec(text);
    whole = decimalPoint ? text.slice(0, decimalPoint.index) : text;
    fraction = decimalPoint?.[1] ?? "";
  }
  if (whole === "" && fraction === "") return null;
  const digits = whole === "" ? "0" : integerDigits(whole);
  if (digits === null) return null;
  const spelled = fraction === "" ? digits : `${digits}.${fraction}`;
  return negative ? `-${spelled}` : spelled;
}

/** A typed euro amount (`"199,90"`, `"199.90"`, `"1.999,50 €"`) as whole cents, rounded half up; null if unreadable. */
export function parseEuroInput(value: string): number | null {
  const decimal = readDecimalInput(value);
  if (decimal === null) return null;
  try {
    return toSafeNumber(toCents(decimal));
  } catch {
    return null;
  }
}

/** A typed quantity or percentage (`"1,5"`, `"7.5"`) as a number; null if unreadable. */
export function parseNumberInput(value: string): number | null {
  const decimal = readDecimalInput(value);
  if (decimal === null) return null;
  const number = Number(decimal);
  return Number.isFinite(number) ? number : null;
}
