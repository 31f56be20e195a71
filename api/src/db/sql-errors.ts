/**
 * Whether a statement failed because a row it names is no longer there (SQLSTATE 23503): the
 * folder of an upload or the release of a report, deleted by someone else in the meantime.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && "code" in error && error.code === "23503";
}
