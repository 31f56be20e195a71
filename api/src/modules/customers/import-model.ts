import {
  type CustomerImportDryRun,
  type CustomerImportPreviewAnswer,
  type CustomerImportResultAnswer,
  customerImportChoices,
  customerImportDelimiters,
  customerImportEncodings,
  customerImportStatuses,
  customerImportTargets,
} from "@klarwerk/kit";
import { Type } from "@sinclair/typebox";
import { t } from "elysia";
import { endpoint } from "../../http/endpoint.ts";
import { httpMessages } from "../../http/messages.ts";
import { nullable, schemaOf, stringEnum } from "../../http/openapi.ts";
import { customerImportMessages as importMessages, customersApiMessages as messages } from "./messages.ts";

/** The customer CSV import's routes (decision 0099), one definition each; import-routes.ts mounts them. */

const tags = ["Customers"];
const idParam = { description: "The import's id, a positive integer.", invalid: messages.invalidId };
const notFound = { "customer-import-not-found": [importMessages.notFound] };

const target = nullable(stringEnum(customerImportTargets));

const counts = Type.Object(
  Object.fromEntries(customerImportStatuses.map((status) => [status, Type.Integer({ minimum: 0 })])) as Record<
    (typeof customerImportStatuses)[number],
    ReturnType<typeof Type.Integer>
  >,
  { additionalProperties: false },
);

export const prepareImportRoute = endpoint("POST /api/customers/imports")({
  summary:
    "Upload a customer CSV file (the bytes, `application/octet-stream`, at most 5 MB, 10 000 rows, 50 columns): its encoding and separator detected, a preview and a proposed column mapping",
  tags,
  requestBody: {
    required: true,
    content: { "application/octet-stream": { schema: { type: "string", format: "binary" } } },
  },
  answer: {
    status: 201,
    description: "What was read; the file is kept (at most 24 hours) for the dry run and the import.",
    schema: schemaOf<CustomerImportPreviewAnswer>()(
      Type.Object(
        {
          import: Type.Object(
            {
              id: Type.Integer({ minimum: 1 }),
              encoding: stringEnum(customerImportEncodings),
              delimiter: stringEnum(customerImportDelimiters),
              detected: Type.String({ description: "„erkannt: Windows-1252, Semikolon“." }),
              headers: Type.Array(Type.String()),
              rows: Type.Integer({ minimum: 1 }),
              sample: Type.Array(
                Type.Object(
                  { line: Type.Integer({ minimum: 2 }), cells: Type.Array(Type.String()) },
                  { additionalProperties: false },
                ),
              ),
              mapping: Type.Array(target),
              mapping_remembered: Type.Boolean(),
              notes: Type.Array(Type.String()),
            },
            { additionalProperties: false },
          ),
        },
        { additionalProperties: false },
      ),
    ),
  },
  errors: {
    413: { "payload-too-large": [importMessages.tooLarge] },
    422: {
      "customer-import-unreadable": [
        importMessages.empty,
        importMessages.noHeader,
        importMessages.noRows,
        importMessages.unstorable,
        importMessages.quoteNotClosed(3),
        importMessages.rowTooLong(3),
      ],
      "customer-import-too-many-rows": [importMessages.tooManyRows],
      "customer-import-too-many-columns": [importMessages.tooManyColumns],
    },
  },
});

const rowSchema = Type.Object(
  {
    line: Type.Integer({ minimum: 2 }),
    status: stringEnum(customerImportStatuses),
    reason: nullable(Type.String()),
    name: Type.String(),
    email: nullable(Type.String()),
    customer: nullable(
      Type.Object({ id: Type.Integer({ minimum: 1 }), name: Type.String() }, { additionalProperties: false }),
    ),
    choices: Type.Array(stringEnum(customerImportChoices)),
  },
  { additionalProperties: false },
);

export const dryRunRoute = endpoint("POST /api/customers/imports/:id/dry-run")({
  summary:
    "Judge every row under a column mapping (remembered for these headers): neu, aktualisieren, unverändert, Konflikt, Fehler",
  tags,
  idParam,
  body: t.Object(
    { mapping: t.Array(t.Union([t.String(), t.Null()]), { error: importMessages.mappingShape }) },
    { error: httpMessages.notJsonObject },
  ),
  answer: {
    status: 200,
    description: "Counts and every row's verdict with its German reason.",
    schema: schemaOf<CustomerImportDryRun>()(
      Type.Object({ counts, rows: Type.Array(rowSchema) }, { additionalProperties: false }),
    ),
  },
  errors: {
    404: notFound,
    409: { "customer-import-state": [importMessages.alreadyImported] },
    422: { validation: [importMessages.mappingShape, importMessages.mappingNeedsKey] },
  },
});

const resultSchema = schemaOf<CustomerImportResultAnswer>()(
  Type.Object(
    {
      result: Type.Object(
        {
          id: Type.Integer({ minimum: 1 }),
          state: stringEnum(["imported", "undone"] as const),
          created: Type.Integer({ minimum: 0 }),
          updated: Type.Integer({ minimum: 0 }),
          unchanged: Type.Integer({ minimum: 0 }),
          skipped: Type.Integer({ minimum: 0 }),
          failed: Type.Integer({ minimum: 0 }),
          deleted: Type.Integer({ minimum: 0 }),
          restored: Type.Integer({ minimum: 0 }),
        },
        { additionalProperties: false },
      ),
    },
    { additionalProperties: false },
  ),
);

export const runImportRoute = endpoint("POST /api/customers/imports/:id/run")({
  summary:
    "Import the dry run's rows in one transaction, conflicts as chosen (`choices`: line → skip|update|create; unchosen: skipped)",
  tags,
  idParam,
  body: t.Object(
    { choices: t.Optional(t.Record(t.String(), t.String(), { error: importMessages.choicesShape })) },
    { error: httpMessages.notJsonObject },
  ),
  answer: {
    status: 200,
    description: "How many customers were created, updated, left, skipped.",
    schema: resultSchema,
  },
  errors: {
    404: notFound,
    409: {
      "customer-import-state": [importMessages.notCheckedYet, importMessages.alreadyImported],
      "customer-import-changed": [importMessages.changedSinceCheck("„Müller GmbH“ (Nr. 12, Zeile 5)")],
    },
    422: { validation: [importMessages.choicesShape, importMessages.choiceNotOffered(5)] },
  },
});

export const undoImportRoute = endpoint("POST /api/customers/imports/:id/undo")({
  summary:
    "Undo a whole import (created customers deleted, updated ones restored) while none of them was changed since",
  tags,
  idParam,
  answer: { status: 200, description: "How many customers were deleted and restored.", schema: resultSchema },
  errors: {
    404: notFound,
    409: {
      "customer-import-state": [importMessages.notImported, importMessages.alreadyUndone, importMessages.undoExpired],
      "customer-import-changed": [importMessages.changedSinceImport("„Müller GmbH“ (Nr. 12, Zeile 5)")],
    },
  },
});
