import type { TrashList, TrashRestored } from "@klarwerk/kit";
import { Type } from "@sinclair/typebox";
import { t } from "elysia";
import { endpoint, withRules } from "../../http/endpoint.ts";
import { HttpError } from "../../http/errors.ts";
import { httpMessages } from "../../http/messages.ts";
import { nullable, queryParameter, schemaOf, stringEnum } from "../../http/openapi.ts";
import { trashApiMessages as messages } from "./messages.ts";

/** Each route of /api/trash in one definition (routes.ts mounts them; decision 0098). */

const tags = ["Files"];
const date = Type.String({ format: "date-time" });

/** Deletions a page; pages up to `trashMaxPage` (past that the oldest go by themselves soon). */
export const trashPageSize = 50;
export const trashMaxPage = 200;

const pathSchema = Type.Array(
  Type.Object({ id: Type.Integer({ minimum: 1 }), name: Type.String() }, { additionalProperties: false }),
  { description: "Folders from the root level down; empty: the root level." },
);

const entrySchema = Type.Object(
  {
    id: Type.Integer({ minimum: 1, description: "The deletion's id: what is restored or purged." }),
    kind: stringEnum(["file", "folder"] as const),
    item_id: Type.Integer({ minimum: 1 }),
    name: Type.String(),
    original_path: pathSchema,
    deleted_by_name: Type.String(),
    deleted_at: date,
    purge_at: date,
    file_count: Type.Integer({ minimum: 0 }),
    folder_count: Type.Integer({ minimum: 0 }),
    size: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false, description: "One deletion: a file, or a folder with everything below it." },
);

export const listTrashRoute = endpoint("GET /api/trash")({
  summary: "The Papierkorb: the caller's deletions (an admin's: everyone's), newest first",
  tags,
  parameters: [queryParameter("page", "Page, from 1.", Type.Integer({ minimum: 1, maximum: trashMaxPage }))],
  answer: {
    status: 200,
    description: `${trashPageSize} a page.`,
    schema: schemaOf<TrashList>()(
      Type.Object(
        {
          entries: Type.Array(entrySchema),
          more: Type.Boolean(),
          all: Type.Boolean({ description: "Whether every user's deletions are listed (an admin)." }),
          days: Type.Integer({ minimum: 1, description: "FILES_TRASH_DAYS." }),
        },
        { additionalProperties: false },
      ),
    ),
  },
  errors: { 400: { "invalid-query": [messages.invalidPage] } },
});

const trashIdParam = { description: "The deletion's id, a positive integer.", invalid: messages.invalidId };

/** `folder_id` of a restore: undefined where it was, null the root level, else a folder. */
export type RestoreTarget = number | null | undefined;

export const restoreTrashRoute = endpoint("POST /api/trash/:id/restore")({
  summary: "Restore a whole deletion, where it was (folders made again) or into a chosen folder",
  description:
    "Without `folder_id` the file or folder goes back to the folder it lay in; folders of that path " +
    "that are gone are made again. A folder whose name is taken there is 409 `restore-place-taken`; " +
    "then a `folder_id` (null: the root level) restores it elsewhere.",
  tags,
  idParam: trashIdParam,
  body: withRules(
    t.Object(
      {
        folder_id: t.Optional(
          t.Nullable(t.Number({ error: messages.invalidFolder }), { error: messages.invalidFolder }),
        ),
      },
      { error: httpMessages.notJsonObject },
    ),
    (body): RestoreTarget => {
      const raw = body.folder_id;
      if (raw === undefined || raw === null) return raw;
      if (!Number.isSafeInteger(raw) || raw < 1) throw new HttpError(422, "validation", messages.invalidFolder);
      return raw;
    },
  ),
  answer: {
    status: 200,
    description: "Where it lies now.",
    schema: schemaOf<TrashRestored>()(
      Type.Object(
        {
          kind: stringEnum(["file", "folder"] as const),
          item_id: Type.Integer({ minimum: 1 }),
          folder_id: nullable(Type.Integer({ minimum: 1 })),
          folder_path: pathSchema,
        },
        { additionalProperties: false },
      ),
    ),
  },
  errors: {
    400: { "bad-request": [httpMessages.badRequest] },
    404: { "trash-entry-not-found": [messages.notFound], "target-folder-not-found": [messages.targetNotFound] },
    409: { "restore-place-taken": [messages.placeTaken], "folder-name-taken": [messages.targetTaken] },
    422: { validation: [messages.invalidFolder, httpMessages.notJsonObject] },
  },
});

export const purgeTrashRoute = endpoint("DELETE /api/trash/:id")({
  summary: "„Endgültig löschen“ (admins): a deletion, its rows, blobs and share links, for good",
  tags,
  idParam: trashIdParam,
  answer: { status: 204, description: "Purged; in the erasure ledger." },
  errors: { 404: { "trash-entry-not-found": [messages.notFound] } },
});
