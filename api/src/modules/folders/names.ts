import { isBlank } from "@klarwerk/kit";
import { HttpError } from "../../http/errors.ts";

/** The database allows as much (folders' check constraint); counted in characters, as Postgres does. */
export const itemNameMax = 255;

// Tabs, line breaks and other control characters have no place in a name shown in one line.
const controlCharacter = /\p{Cc}/u;

/** What a name's rules refuse with, in the words of its kind (a folder's, a file's). */
export interface NameMessages {
  required: string;
  tooLong: string;
  invalid: string;
  slash: string;
}

/**
 * A folder's or file's name to store: trimmed and in NFC, so "ü" typed two ways is one name;
 * blank, over 255 characters, with a control character or a `/` (which a path reads as a
 * separator, as does `\` on Windows) is a 422.
 */
export function itemNameOf(raw: string, messages: NameMessages): string {
  const name = raw.normalize("NFC").trim();
  if (isBlank(name)) throw new HttpError(422, "validation", messages.required);
  if ([...name].length > itemNameMax) throw new HttpError(422, "validation", messages.tooLong);
  if (controlCharacter.test(name)) throw new HttpError(422, "validation", messages.invalid);
  if (/[/\\]/.test(name)) throw new HttpError(422, "validation", messages.slash);
  return name;
}
