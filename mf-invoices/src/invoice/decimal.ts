/**
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
