import { isBlank } from "@klarwerk/kit";
import { t } from "elysia";
import { HttpError } from "../../http/errors.ts";
import { parseId } from "../../http/ids.ts";
import { httpMessages } from "../../http/messages.ts";
import { foldersApiMessages as messages } from "./messages.ts";

/** The database allows as much (a check constraint); counted in characters, as Postgres does. */
export const folderNameMax = 255;

export const createFolderBody = t.Object(
  {
    name: t.String({ error: messages.nameRequired }),
    parent_id: t.Optional(t.Nullable(t.Number({ error: messages.invalidParent }), { error: messages.invalidParent })),
  },
  { error: httpMessages.notJsonObject },
);

// Tabs, line breaks and other control characters have no place in a name shown in one line.
const controlCharacter = /\p{Cc}/u;

/** The name to store: trimmed and in NFC, so "ü" typed two ways is one name. Else a 422. */
export function folderNameOf(raw: string): string {
  const name = raw.normalize("NFC").trim();
  if (isBlank(name)) throw new HttpError(422, "validation", messages.nameRequired);
  if ([...name].length > folderNameMax) throw new HttpError(422, "validation", messages.nameTooLong);
  if (controlCharacter.test(name)) throw new HttpError(422, "validation", messages.nameInvalid);
  return name;
}

/** `parent_id` of the body: null or omitted is the root level; anything but an id is a 422. */
export function parentIdOf(raw: number | null | undefined): number | null {
  if (raw === undefined || raw === null) return null;
  const id = parseId(String(raw));
  if (id === null) throw new HttpError(422, "validation", messages.invalidParent);
  return id;
}
