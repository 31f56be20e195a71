/**
 * Input rules that browser and server both enforce. Each bound lives here once so the client
 * check and the API's answer can never disagree.
 */
export const limits = {
  nameMax: 120,
  emailMax: 254,
  passwordMin: 6,
  /** argon2 hashes anything, but an unbounded password is a cheap denial of service. */
  passwordMax: 200,
  companyMax: 160,
  messageMax: 5000,
} as const;

/**
 * What a one-line field that people type (a name, a company, an address) never holds: the C0 and
 * C1 controls (`\p{Cc}`: U+0000–001F, U+007F–009F, line breaks, tab, BEL, ESC included), the line
 * and paragraph separators U+2028/2029, and the bidi embeddings and overrides (U+202A–202E) and
 * isolates (U+2066–2069), which make text read otherwise than it is stored: a name in a mail's
 * subject could disguise its sender.
 */
const lineControls = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

/**
 * What text of several lines (a message) keeps of those: line feed, carriage return and tab are
 * the sender's, and so are U+2028/2029 (word processors paste them as line breaks; for the bidi
 * algorithm they end a paragraph, like a line feed, so they can disguise nothing).
 */
const lineBreaks = /[\t\n\r\u2028\u2029]/g;

/** Whether `value` holds a character `lineControls` names; with `multiline`, besides `lineBreaks`. */
export function hasControlCharacters(value: string, { multiline = false }: { multiline?: boolean } = {}): boolean {
  return lineControls.test(multiline ? value.replace(lineBreaks, "") : value);
}

// Deliberately simple: one "@", something on both sides, a dot in the domain, no spaces. Any
// letter is fine (Jürgen.Müller@example.de); control characters are not.
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return value.length <= limits.emailMax && emailPattern.test(value) && !hasControlCharacters(value);
}

export function isBlank(value: string | null | undefined): boolean {
  return value == null || value.trim() === "";
}
