import type { Folder, FolderAnswer, FolderList } from "@klarwerk/kit";
import { Type } from "@sinclair/typebox";
import { t } from "elysia";
import { endpoint, withRules } from "../../http/endpoint.ts";
import { HttpError } from "../../http/errors.ts";
import { httpMessages } from "../../http/messages.ts";
import { nullable, schemaOf } from "../../http/openapi.ts";
import { folderParamErrors, folderQueryParameter } from "./ids.ts";
import { foldersApiMessages as messages } from "./messages.ts";
import { itemNameMax as folderNameMax, itemNameOf } from "./names.ts";

/** Each route of /api/folders in one definition: body, answer and documentation (routes.ts mounts them). */

const tags = ["Files"];

const nameMessages = {
  required: messages.nameRequired,
  tooLong: messages.nameTooLong,
  invalid: messages.nameInvalid,
  slash: messages.nameSlash,
};

/** The name to store (names.ts): trimmed and in NFC. Else a 422. */
function folderNameOf(raw: string): string {
  return itemNameOf(raw, nameMessages);
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
        messages.nameSlash,
        messages.invalidParent,
        httpMessages.notJsonObject,
      ],
    },
  },
});

/** What the handler of `PATCH /api/folders/:id` gets: undefined leaves the name or the parent as it is. */
export interface FolderChangeRequest {
  name: string | undefined;
  /** null: the root level. */
  parentId: number | null | undefined;
}

export const changeFolderRoute = endpoint("PATCH /api/folders/:id")({
  summary: "Rename a folder, move it into another (or to the root level), or both",
  description:
    "`parent_id` omitted keeps the folder where it is, null moves it to the root level. A folder " +
    "cannot go into itself or one of its subfolders (409), nor where a folder of that name (any case) is (409).",
  tags,
  idParam: { description: "The folder's id, a positive integer.", invalid: messages.invalidId },
  body: withRules(
    t.Object(
      {
        name: t.Optional(t.String({ error: messages.nameRequired })),
        parent_id: t.Optional(
          t.Nullable(t.Number({ error: messages.invalidParent }), { error: messages.invalidParent }),
        ),
      },
      { error: httpMessages.notJsonObject },
    ),
    (body): FolderChangeRequest => {
      if (body.name === undefined && body.parent_id === undefined) {
        throw new HttpError(422, "validation", messages.changeEmpty);
      }
      return {
        name: body.name === undefined ? undefined : folderNameOf(body.name),
        parentId: body.parent_id === undefined ? undefined : parentIdOf(body.parent_id),
      };
    },
  ),
  answer: {
    status: 200,
    description: "The folder as it is now.",
    schema: schemaOf<FolderAnswer>()(Type.Object({ folder: folderSchema }, { additionalProperties: false })),
  },
  errors: {
    400: { "bad-request": [httpMessages.badRequest] },
    404: { "folder-not-found": [messages.notFound], "target-folder-not-found": [messages.targetNotFound] },
    409: { "folder-name-taken": [messages.nameTaken], "folder-into-itself": [messages.intoItself] },
    422: {
      validation: [
        messages.nameRequired,
        messages.nameTooLong,
        messages.nameInvalid,
        messages.nameSlash,
        messages.invalidParent,
        messages.changeEmpty,
        httpMessages.notJsonObject,
      ],
    },
  },
});

export const deleteFolderRoute = endpoint("DELETE /api/folders/:id")({
  summary: "Move a folder with everything below it into the Papierkorb (one deletion)",
  description:
    "Restored or purged through /api/trash; until then it and its content are in no list, search or share link.",
  tags,
  idParam: { description: "The folder's id, a positive integer.", invalid: messages.invalidId },
  answer: { status: 204, description: "In the Papierkorb." },
  errors: { 404: { "folder-not-found": [messages.notFound] } },
});
