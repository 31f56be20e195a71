/**
 * German number display for the invoice screen and PDF: `1.234,56 €`, `1.000.000`, `7,5`.
 * Written by hand rather than with `Intl.NumberFormat`, so it is exact for any safe integer of
 * cents and identical in every browser, in Bun and in the PDF. The output equals
 * `Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" })` for the same amount.
 */
import { parseDecimal } from "./decimal";

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
