import {
  hasControlCharacters,
  type ShareLinkAccessList,
  type ShareLinkCreated,
  type ShareLinkList,
  type ShareLinkSettings,
  shareLinkDefaultDays,
  shareLinkDownloadLimitMax,
  shareLinkLabelMax,
  shareLinkMaxDays,
  shareLinkPasswordMax,
  shareLinkPasswordMin,
} from "@klarwerk/kit";
import { Type } from "@sinclair/typebox";
import { t } from "elysia";
import { endpoint, withRules } from "../../http/endpoint.ts";
import { HttpError } from "../../http/errors.ts";
import { httpMessages } from "../../http/messages.ts";
import { nullable, schemaOf, stringEnum } from "../../http/openapi.ts";
import { shareLinksApiMessages as messages } from "./messages.ts";
import type { NormalizedShareInput } from "./service.ts";

/** Each route of /api/share-links in one definition (routes.ts mounts them; decision 0096). */

const tags = ["Share links"];
const date = Type.String({ format: "date-time" });

const shareLinkSchema = Type.Object(
  {
    id: Type.Integer({ minimum: 1 }),
    target_kind: stringEnum(["file", "folder"] as const),
    target_id: nullable(Type.Integer({ minimum: 1 })),
    target_name: Type.String(),
    label: Type.String(),
    created_by_name: Type.String(),
    created_at: date,
    expires_at: date,
    has_password: Type.Boolean(),
    download_limit: nullable(Type.Integer({ minimum: 1 })),
    downloads: Type.Integer({ minimum: 0 }),
    last_access_at: nullable(date),
    revoked_at: nullable(date),
    status: stringEnum(["active", "expired", "revoked", "locked", "used_up", "target_gone"] as const),
    notify_on_open: Type.Boolean({ description: "Whether the sharer is told by mail of the first opening." }),
  },
  { additionalProperties: false, description: "A share link; its token is never stored, so never listed." },
);

const linkIdParam = { description: "The share link's id, a positive integer.", invalid: messages.invalidId };
const notFound = { 404: { "share-link-not-found": [messages.notFound] } } as const;

function reject(message: string): never {
  throw new HttpError(422, "validation", message);
}

function wholeIn(value: number | null | undefined, min: number, max: number): boolean {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= min && value <= max;
}

export const createShareLinkRoute = endpoint("POST /api/share-links")({
  summary: "Share a file or a folder by a link for a client without an account",
  description:
    "The answer carries the link's path (`/s/<token>`) this once: only the token's SHA-256 is stored. A folder " +
    "link shares the files directly in the folder when it is opened (a file added later too).",
  tags,
  body: withRules(
    t.Object(
      {
        target_kind: t.String({ error: messages.invalidTarget }),
        target_id: t.Number({ error: messages.invalidTargetId }),
        days: t.Optional(t.Number({ error: messages.invalidDays })),
        password: t.Optional(t.String({ error: messages.invalidPassword })),
        download_limit: t.Optional(
          t.Nullable(t.Number({ error: messages.invalidLimit }), { error: messages.invalidLimit }),
        ),
        label: t.Optional(t.String({ error: messages.invalidLabel })),
        notify_on_open: t.Optional(t.Boolean({ error: messages.invalidNotify })),
      },
      { error: httpMessages.notJsonObject },
    ),
    (body): NormalizedShareInput => {
      if (body.target_kind !== "file" && body.target_kind !== "folder") reject(messages.invalidTarget);
      if (!wholeIn(body.target_id, 1, Number.MAX_SAFE_INTEGER)) reject(messages.invalidTargetId);
      // Omitted: the default, or the admins' maximum when that is shorter (the service knows it).
      const days = body.days ?? null;
      if (days !== null && !wholeIn(days, 1, shareLinkMaxDays)) reject(messages.invalidDays);
      const password = body.password ?? "";
      if (password !== "" && (password.length < shareLinkPasswordMin || password.length > shareLinkPasswordMax))
        reject(messages.invalidPassword);
      const limit = body.download_limit ?? null;
      if (limit !== null && !wholeIn(limit, 1, shareLinkDownloadLimitMax)) reject(messages.invalidLimit);
      const label = (body.label ?? "").normalize("NFC").trim();
      if ([...label].length > shareLinkLabelMax || hasControlCharacters(label)) reject(messages.invalidLabel);
      return {
        targetKind: body.target_kind,
        targetId: body.target_id,
        days,
        password: password === "" ? null : password,
        downloadLimit: limit,
        label,
        notifyOnOpen: body.notify_on_open ?? false,
      };
    },
  ),
  answer: {
    status: 201,
    description: "The link, and its path this once.",
    schema: schemaOf<ShareLinkCreated>()(
      Type.Object(
        {
          link: shareLinkSchema,
          path: Type.String({ description: "`/s/<token>`, on this origin." }),
        },
        { additionalProperties: false },
      ),
    ),
  },
  errors: {
    404: { "share-target-not-found": [messages.targetNotFound] },
    422: {
      validation: [
        messages.invalidTarget,
        messages.invalidTargetId,
        messages.invalidDays,
        messages.daysOverMax(shareLinkDefaultDays),
        messages.invalidPassword,
        messages.invalidLimit,
        messages.invalidLabel,
        messages.invalidNotify,
        httpMessages.notJsonObject,
      ],
    },
  },
});

export const listShareLinksRoute = endpoint("GET /api/share-links")({
  summary: "„Meine Freigaben“: the caller's share links (an admin's: every user's), newest first",
  tags,
  answer: {
    status: 200,
    description: "At most 500 links.",
    schema: schemaOf<ShareLinkList>()(
      Type.Object(
        {
          links: Type.Array(shareLinkSchema),
          all: Type.Boolean({ description: "Whether every user's links are listed (an admin)." }),
        },
        { additionalProperties: false },
      ),
    ),
  },
});

export const shareLinkAccessesRoute = endpoint("GET /api/share-links/:id/accesses")({
  summary: "A share link's access log (its creator or an admin), newest first",
  tags,
  idParam: linkIdParam,
  answer: {
    status: 200,
    description: "At most 200 entries; the client as its network (/24, /64) and browser family.",
    schema: schemaOf<ShareLinkAccessList>()(
      Type.Object(
        {
          accesses: Type.Array(
            Type.Object(
              {
                at: date,
                kind: stringEnum(["opened", "downloaded", "zip_downloaded", "password_failed"] as const),
                file_name: nullable(Type.String()),
                network: Type.String(),
                client: Type.String(),
              },
              { additionalProperties: false },
            ),
          ),
        },
        { additionalProperties: false },
      ),
    ),
  },
  errors: notFound,
});

export const revokeShareLinkRoute = endpoint("DELETE /api/share-links/:id")({
  summary: "Revoke a share link (its creator or an admin); a revoked link answers 410",
  tags,
  idParam: linkIdParam,
  answer: { status: 204, description: "Revoked (also when it was already)." },
  errors: notFound,
});

const settingsSchema = schemaOf<ShareLinkSettings>()(
  Type.Object(
    { max_days: Type.Integer({ minimum: 1, maximum: shareLinkMaxDays, description: "Days a new link may be valid." }) },
    { additionalProperties: false },
  ),
);

export const shareLinkSettingsRoute = endpoint("GET /api/share-links/settings")({
  summary: "The longest validity an admin allows for new share links (the dialog's limit)",
  tags,
  answer: { status: 200, description: `1 to ${shareLinkMaxDays} days.`, schema: settingsSchema },
});

export const saveShareLinkSettingsRoute = endpoint("PUT /api/share-links/settings")({
  summary: "Set the longest validity of new share links (admins); links made before keep their expiry",
  tags,
  body: withRules(
    t.Object({ max_days: t.Number({ error: messages.invalidMaxDays }) }, { error: httpMessages.notJsonObject }),
    (body): number => {
      if (!wholeIn(body.max_days, 1, shareLinkMaxDays)) reject(messages.invalidMaxDays);
      return body.max_days;
    },
  ),
  answer: { status: 200, description: "The maximum now.", schema: settingsSchema },
  errors: { 422: { validation: [messages.invalidMaxDays, httpMessages.notJsonObject] } },
});
