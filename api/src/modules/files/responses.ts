import type { DownloadLink, FileAnswer, FileListing, StoredFile } from "@klarwerk/kit";
import { Type } from "@sinclair/typebox";
import { nullable, schemaOf } from "../../http/openapi.ts";

/** The answers of /api/files as the OpenAPI document describes them: the kit's types. */
export const storedFileSchema = schemaOf<StoredFile>()(
  Type.Object(
    {
      id: Type.Integer({ minimum: 1 }),
      original_name: Type.String(),
      mime_type: Type.String(),
      size: Type.Integer({ minimum: 0, description: "Bytes." }),
      created_at: Type.String({ format: "date-time" }),
      uploader_name: Type.String(),
      folder_id: nullable(Type.Integer({ minimum: 1 })),
    },
    { additionalProperties: false, description: "An uploaded file; `folder_id` is null at the root level." },
  ),
);

export const fileListingSchema = schemaOf<FileListing>()(
  Type.Object(
    {
      files: Type.Array(storedFileSchema, { description: "Newest first." }),
      max_upload_bytes: Type.Integer({
        minimum: 1,
        description: "The server's upload limit, so a too large file is refused before it is sent.",
      }),
    },
    { additionalProperties: false },
  ),
);

export const fileAnswerSchema = schemaOf<FileAnswer>()(
  Type.Object({ file: storedFileSchema }, { additionalProperties: false }),
);

export const downloadLinkSchema = schemaOf<DownloadLink>()(
  Type.Object(
    {
      url: Type.String({ description: "Same-origin path that downloads the file without the bearer header." }),
      expires_in: Type.Integer({ minimum: 1, description: "Seconds the link stays valid." }),
    },
    { additionalProperties: false },
  ),
);
