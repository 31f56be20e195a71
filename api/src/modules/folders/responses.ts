import type { Folder, FolderAnswer, FolderList } from "@klarwerk/kit";
import { Type } from "@sinclair/typebox";
import { nullable, schemaOf } from "../../http/openapi.ts";

/** The answers of /api/folders as the OpenAPI document describes them: the kit's types. */
export const folderSchema = schemaOf<Folder>()(
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

export const folderListSchema = schemaOf<FolderList>()(
  Type.Object(
    { folders: Type.Array(folderSchema, { description: "By name, any case." }) },
    { additionalProperties: false },
  ),
);

export const folderAnswerSchema = schemaOf<FolderAnswer>()(
  Type.Object({ folder: folderSchema }, { additionalProperties: false }),
);
