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

// Deliberately simple: one "@", something on both sides, a dot in the domain, no spaces.
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return value.length <= limits.emailMax && emailPattern.test(value);
}

export function isBlank(value: string | null | undefined): boolean {
  return value == null || value.trim() === "";
}
