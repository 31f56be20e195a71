/** Notes longer than this are cut in the table, with "mehr" to show the rest: a table row stays one glance long. */
export const notePreviewLength = 150;

/**
 * The first 150 characters plus "...", or null when the note is short enough to show whole.
 * Counted in characters, not UTF-16 units, so an emoji or accented letter is never cut in half.
 */
export function notePreview(notes: string): string | null {
  const characters = Array.from(notes);
  if (characters.length <= notePreviewLength) return null;
  return `${characters.slice(0, notePreviewLength).join("")}...`;
}
