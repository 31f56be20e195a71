import { type Folder, type FolderAnswer, type FolderList, isBlank } from "@klarwerk/kit";
import { Type } from "@sinclair/typebox";
import { t } from "elysia";
import { endpoint, withRules } from "../../http/endpoint.ts";
import { HttpError } from "../../http/errors.ts";
import { httpMessages } from "../../http/messages.ts";
import { nullable, schemaOf } from "../../http/openapi.ts";
import { folderParamErrors, folderQueryParameter } from "./ids.ts";
import { foldersApiMessages as messages } from "./messages.ts";

/** Each route of /api/folders in one definition: body, answer and documentation (routes.ts mounts them). */

const tags = ["Files"];

/** The database allows as much (a check constraint); counted in characters, as Postgres does. */
const folderNameMax = 255;

// Tabs, line breaks and other control characters have no place in a name shown in one line.
const controlCharacter = /\p{Cc}/u;

/** The name to store: trimmed and in NFC, so "ü" typed two ways is one name. Else a 422. */
function folderNameOf(raw: string): string {
  const name = raw.normalize("NFC").trim();
  if (isBlank(name)) throw new HttpError(422, "validation", messages.nameRequired);
  if ([...name].length > folderNameMax) throw new HttpError(422, "validation", messages.nameTooLong);
  if (controlCharacter.test(name)) throw new HttpError(422, "validation", messages.nameInvalid);
  return name;
}

/** `parent_id` of the body: null or omitted is the root level; anything but a positive safe integer is a 422. */
function parentIdOf(raw: number | null | undefined): number | null {
  if (raw === undefined || raw === null) return null;
  if (!Number.isSafeInteger(raw) || raw < 1) throw new HttpError(422, "validation", messages.invalidParent);
  return raw;
}

/** What the handler of `POST /api/folders` gets: the body after its rules. */
export interface NewFolder {
  name: string;
  parentId: number | null;
}

const folderSchema = schemaOf<Folder>()(
  Type.Object(
    {
      id: Type.Integer({ minimum: 1 }),
      name: Type.String(),
      parent_id: nullable(Type.Integer({ minimum: 1 })),
      created_at: Type.String({ format: "date-time" }),
    },
    { additionalProperties: false, description: "A folder; `parent_id` is null at the root level." },
  ),
);

export const listFoldersRoute = endpoint("GET /api/folders")({
  summary: "The folders directly inside a folder",
  tags,
  parameters: [folderQueryParameter("parent_id")],
  answer: {
    status: 200,
    description: "The folders, by name.",
    schema: schemaOf<FolderList>()(
      Type.Object(
        { folders: Type.Array(folderSchema, { description: "By name, any case." }) },
        { additionalProperties: false },
      ),
    ),
  },
  sharedErrors: folderParamErrors,
});

export const createFolderRoute = endpoint("POST /api/folders")({
  summary: `Add a folder (name up to ${folderNameMax} characters)`,
  tags,
  // The name's rules before the parent's, as the form names them.
  body: withRules(
    t.Object(
      {
        name: t.String({ error: messages.nameRequired }),
        parent_id: t.Optional(
          t.Nullable(t.Number({ error: messages.invalidParent }), { error: messages.invalidParent }),
        ),
      },
      { error: httpMessages.notJsonObject },
    ),
    (body): NewFolder => ({ name: folderNameOf(body.name), parentId: parentIdOf(body.parent_id) }),
  ),
  answer: {
    status: 201,
    description: "The stored folder.",
    schema: schemaOf<FolderAnswer>()(Type.Object({ folder: folderSchema }, { additionalProperties: false })),
  },
  errors: {
    400: { "bad-request": [httpMessages.badRequest] },
    404: { "parent-folder-not-found": [messages.parentNotFound] },
    409: { "folder-name-taken": [messages.nameTaken] },
    422: {
      validation: [
        messages.nameRequired,
        messages.nameTooLong,
        messages.nameInvalid,
        messages.invalidParent,
        httpMessages.notJsonObject,
      ],
    },
  },
});
