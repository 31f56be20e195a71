import { privacyMessages as messages } from "@klarwerk/kit";
import { httpMessages } from "../../http/messages.ts";
import { bytesResponse, errorResponses, jsonBodyErrors, jsonResponse } from "../../http/openapi.ts";
import {
  privacyCaseAnswerSchema,
  privacyCaseDetailSchema,
  privacyCaseListSchema,
  privacyErasurePlanSchema,
  privacyErasureResultSchema,
  privacyRetentionPlanSchema,
} from "./responses.ts";

/** The OpenAPI `detail` of each route of the privacy module (routes.ts). */

const tags = ["Data protection"];

/** How routes.ts names the `:id` (the id-param macro documents it and its 400). */
export const caseIdParam = { description: "The case's id, a positive integer.", invalid: messages.invalidId };

const notFound = errorResponses({ 404: { "privacy-case-not-found": [messages.notFound] } });

/** Every route counts against the admin's allowance (`privacyRateLimit`). */
const limited = errorResponses({ 429: { "rate-limited": [messages.tooManyRequests] } });

export const privacyDocs = {
  list: {
    summary: "Every data-protection request (Auskunft, Löschung), open ones by due date first",
    tags,
    responses: { 200: jsonResponse("The cases.", privacyCaseListSchema), ...limited },
  },
  create: {
    summary: "Record a person's request; its due date is one month after receipt",
    tags,
    responses: {
      201: jsonResponse("The case.", privacyCaseAnswerSchema),
      ...limited,
      ...jsonBodyErrors,
      ...errorResponses({
        422: {
          validation: [
            messages.invalidEmail,
            messages.invalidName,
            messages.invalidKind,
            messages.invalidReceivedOn,
            messages.invalidNotes,
            httpMessages.notJsonObject,
          ],
        },
      }),
    },
  },
  show: {
    summary: "A case and every place the product keeps data naming the person's address",
    tags,
    responses: { 200: jsonResponse("The case and its hits.", privacyCaseDetailSchema), ...notFound, ...limited },
  },
  change: {
    summary: "Change a case's status or notes",
    tags,
    responses: {
      200: jsonResponse("The case as it is now.", privacyCaseAnswerSchema),
      ...limited,
      ...jsonBodyErrors,
      ...notFound,
      ...errorResponses({
        422: {
          validation: [
            messages.invalidStatus,
            messages.invalidNotes,
            messages.nothingToChange,
            httpMessages.notJsonObject,
          ],
        },
      }),
    },
  },
  access: {
    summary:
      "„Auskunft herunterladen“: a ZIP with the Auskunft (Art. 15 DSGVO) as German HTML and as JSON; recorded in the trail",
    tags,
    responses: {
      200: bytesResponse("The ZIP (`application/zip`), never cached.", {
        "content-disposition": { description: '`attachment; filename="auskunft-anfrage-<id>.zip"`' },
      }),
      ...notFound,
      ...limited,
    },
  },
  erasurePlan: {
    summary:
      "„Löschung planen“: each place naming the person with the action the law allows (erase, anonymise, restrict until a date, review); changes nothing",
    tags,
    responses: {
      200: jsonResponse("The plan.", privacyErasurePlanSchema),
      ...limited,
      ...notFound,
      ...errorResponses({ 409: { "privacy-case-not-erasure": [messages.notErasure] } }),
    },
  },
  erasure: {
    summary:
      "Carry out the erasure plan in one transaction: erasure ledger entry, one audit event with ids and counts only",
    tags,
    responses: {
      200: jsonResponse("What was done.", privacyErasureResultSchema),
      ...limited,
      ...notFound,
      ...errorResponses({
        409: { "privacy-case-not-erasure": [messages.notErasure], "privacy-case-done": [messages.alreadyDone] },
      }),
    },
  },
  retentionPlan: {
    summary:
      "The dry run of the daily deletion: answered contact requests past CONTACT_REQUEST_RETENTION_DAYS and restricted invoices whose retention period ended, by id and date; changes nothing",
    tags,
    responses: { 200: jsonResponse("What a run now would delete.", privacyRetentionPlanSchema), ...limited },
  },
};
