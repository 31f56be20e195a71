import { type BackupStartedAnswer, blobCheckFindings, type HealthAnswer, type OperationsStatus } from "@klarwerk/kit";
import { Type } from "@sinclair/typebox";
import { endpoint } from "../../http/endpoint.ts";
import { httpMessages } from "../../http/messages.ts";
import { adminOperation, nullable, schemaOf, stringEnum } from "../../http/openapi.ts";
import { operationsMessages } from "./messages.ts";

/** The two routes of the operations module in one definition each (routes.ts mounts them). */

const blobStoreKind = stringEnum(["disk", "s3"] as const);

/** A finished backup or restore drill, as admins read it. */
function backupRunSchema(description: string) {
  return nullable(
    Type.Object(
      {
        kind: stringEnum(["backup", "drill"] as const),
        started_at: Type.String({ format: "date-time" }),
        finished_at: Type.String({ format: "date-time" }),
        result: stringEnum(["ok", "failed"] as const),
        error: nullable(Type.String({ description: "What went wrong (failed runs only)." })),
        set: nullable(Type.String({ description: "The set written, or the set the drill restored." })),
        size_bytes: nullable(Type.Integer({ minimum: 0, description: "The set's dump and files (backups)." })),
        duration_ms: Type.Integer({ minimum: 0 }),
      },
      { additionalProperties: false, description },
    ),
  );
}

/** What admins see under "Betrieb", as the OpenAPI document describes it: the kit's type. */
const operationsStatusSchema = schemaOf<OperationsStatus>()(
  Type.Object(
    {
      blob_check: nullable(
        Type.Object(
          {
            started_at: Type.String({ format: "date-time" }),
            finished_at: Type.String({ format: "date-time" }),
            blob_store: blobStoreKind,
            checked: Type.Integer({ minimum: 0, description: "Files and invoice PDFs looked at." }),
            bytes_read: Type.Integer({ minimum: 0 }),
            without_checksum: Type.Integer({
              minimum: 0,
              description: "Of those, checked by size only: no checksum yet (the backfill adds them).",
            }),
            missing: Type.Integer({ minimum: 0 }),
            changed: Type.Integer({ minimum: 0 }),
            orphaned: Type.Integer({ minimum: 0 }),
            problems: Type.Array(
              Type.Object(
                {
                  kind: stringEnum(blobCheckFindings),
                  area: Type.String({ description: "`files` or `invoices`." }),
                  blob_id: Type.String(),
                  row_id: nullable(Type.Integer({ description: "The file's or invoice's id; null for an orphan." })),
                  name: nullable(Type.String({ description: "The file's name, or `Rechnung_<number>.pdf`." })),
                  expected: nullable(Type.Object({ size: nullable(Type.Integer()), sha256: nullable(Type.String()) })),
                  found: nullable(Type.Object({ size: Type.Integer(), sha256: nullable(Type.String()) })),
                },
                { additionalProperties: false },
              ),
              { description: "The first findings; the counts are complete." },
            ),
          },
          {
            additionalProperties: false,
            description: "The last finished check of every stored blob (the scrub); null before the first.",
          },
        ),
      ),
      checksum_backfill: Type.Object(
        {
          finished: Type.Boolean(),
          remaining: Type.Integer({ minimum: 0, description: "Rows still without a checksum." }),
        },
        {
          additionalProperties: false,
          description: "The one-time backfill of checksums for rows stored before they were kept.",
        },
      ),
      mail_delivery: Type.Object(
        {
          configured: Type.Boolean({ description: "Whether SMTP_URL is set." }),
          retrying: Type.Integer({ minimum: 0, description: "Mails waiting to be tried again after failing." }),
          failing_since: nullable(Type.String({ format: "date-time" })),
          last_error: nullable(Type.String({ description: "The SMTP server's latest answer among them." })),
          failed: Type.Integer({ minimum: 0, description: "Mails given up; an admin may send them again." }),
        },
        {
          additionalProperties: false,
          description: "The outbox's delivery: authentication and connection errors are retried, not final.",
        },
      ),
      backup: backupRunSchema("The last finished backup; null before the first."),
      restore_drill: backupRunSchema("The last finished restore drill; null before the first."),
      backup_running: nullable(
        Type.Object(
          { started_at: Type.String({ format: "date-time" }) },
          { additionalProperties: false, description: "A backup going on now (any API process); null when none." },
        ),
      ),
    },
    { additionalProperties: false, description: 'What admins see under "Betrieb".' },
  ),
);

const healthSchema = schemaOf<HealthAnswer>()(
  Type.Object(
    {
      status: Type.Literal("ok"),
      details: Type.Optional(
        Type.Object(
          {
            blob_store: blobStoreKind,
            missing_blobs: Type.Record(Type.String(), Type.Array(Type.String()), {
              description: "Per store: blob ids rows name that the start-up sweep did not find stored.",
            }),
            operations: operationsStatusSchema,
          },
          { additionalProperties: false, description: "For admins only (with their bearer token)." },
        ),
      ),
    },
    { additionalProperties: false },
  ),
);

/** `POST /api/operations/backup`'s 202. */
const backupStartedSchema = schemaOf<BackupStartedAnswer>()(
  Type.Object(
    { status: stringEnum(["started"] as const) },
    { additionalProperties: false, description: "The backup began in the API process." },
  ),
);

export const healthRoute = endpoint("GET /api/health")({
  summary: "Whether the API and its database answer (with details for admins)",
  tags: ["Health"],
  answer: { status: 200, description: "The database answered a query.", schema: healthSchema },
  errors: { 503: { "database-unavailable": [httpMessages.databaseUnavailable] } },
});

export const backupRoute = endpoint("POST /api/operations/backup")({
  summary: "„Jetzt sichern“: one backup now in the running API (admins, or the local operator token)",
  tags: ["Health"],
  // The route checks the token itself (the operator's or an admin's), so it names the scheme and its answers.
  security: adminOperation.security,
  answer: {
    status: 202,
    description: "The backup began; its outcome is recorded like a scheduled one.",
    schema: backupStartedSchema,
  },
  errors: {
    401: { unauthorized: [httpMessages.unauthorized] },
    403: { "admin-only": [httpMessages.adminOnly] },
    409: { "backup-running": [operationsMessages.backupRunning] },
    429: { "backup-too-soon": [operationsMessages.backupTooSoon(new Date("2026-03-02T13:32:00Z"))] },
    503: { "backup-not-begun": [operationsMessages.backupNotBegun] },
    507: { "backup-no-space": [operationsMessages.backupNoSpace(40 * 1024 * 1024, 96 * 1024 * 1024)] },
  },
});
