import { createHash } from "node:crypto";
import { privacyMentionRemoved } from "@klarwerk/kit";

/** SHA-256 (hex) of an address as the erasure ledger keeps it: trimmed, NFC, lower-cased. */
export function addressHash(address: string): string {
  return createHash("sha256").update(address.trim().normalize("NFC").toLowerCase()).digest("hex");
}

/**
 * How a person's address is told apart from a longer one (issue 45, row 1): every character RFC
 * 5322 allows in an address (atext), and any non-ASCII letter, digit or mark (RFC 6532), is part
 * of it on either side, and so is a dot between two of them (dot-atom). `o'brien@firma.de`,
 * `x.brien@firma.de` and `brien@firma.de.evil.de` are not `brien@firma.de`; „brien@firma.de“,
 * `<brien@firma.de>` and `brien@firma.de.` at a sentence's end are.
 */
const atext = "\\p{L}\\p{N}\\p{M}!#$%&'*+\\-/=?^_`{|}~";

/** The cases a character may stand in, one character each (`ß` has no one-character capital). */
function variantsOf(char: string): string[] {
  return [...new Set([char, char.toLowerCase(), char.toUpperCase()])].filter((variant) => [...variant].length === 1);
}

export interface AddressMatcher {
  /**
   * A PostgreSQL regular expression that finds the address anywhere, whatever the case of its
   * letters: a superset the database narrows the rows to. Each letter is its own class (`[mM]`)
   * rather than compared through `lower()`, whose folding follows the database's character type.
   */
  sqlPattern: string;
  /** The address as it stands in `text` each time it stands there whole (no longer address around it). */
  find(text: string): string[];
}

export function addressMatcher(address: string): AddressMatcher {
  const chars = [...address.trim()];
  const sqlBody = chars
    .map((char) => {
      const variants = variantsOf(char);
      if (variants.length > 1) return `[${variants.join("")}]`;
      // Outside a class, a backslash before anything but a letter or digit means the character itself.
      return /[\p{L}\p{N}]/u.test(char) ? char : `\\${char}`;
    })
    .join("");
  const jsBody = chars
    .map((char) => {
      const variants = variantsOf(char);
      if (variants.length > 1) return `[${variants.join("")}]`;
      // With the `u` flag only syntax characters may be escaped.
      return char.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
    })
    .join("");
  const whole = new RegExp(`(?<![${atext}]|[${atext}]\\.)${jsBody}(?![${atext}]|\\.[${atext}])`, "gu");
  return {
    sqlPattern: sqlBody,
    find: (text) => [...text.matchAll(whole)].map((match) => match[0]),
  };
}

/**
 * Every address in a text, whole: runs of atext (or an HTML entity, as a mail's HTML part writes
 * `'` and `&`) joined by dots, an `@`, and the same again.
 */
const unit = `(?:&(?:#\\d+|[a-z]+);|[${atext}])+`;
const anyAddress = new RegExp(`${unit}(?:\\.${unit})*@${unit}(?:\\.${unit})*`, "gu");
const entities: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };
const decoded = (token: string) =>
  token.replace(/&(?:#(\d+)|[a-z]+);/g, (entity, code: string | undefined) =>
    code !== undefined ? String.fromCodePoint(Number(code)) : (entities[entity] ?? entity),
  );

/**
 * `text` with every whole address whose ledger hash is `sha256` replaced by „(E-Mail-Adresse
 * entfernt)“: the erasure removes a mention with it, and a restore replays the removal from the
 * ledger, which keeps only the hash.
 */
export function withoutAddress(text: string, sha256: string): string {
  return text.replace(anyAddress, (token) => (addressHash(decoded(token)) === sha256 ? privacyMentionRemoved : token));
}
