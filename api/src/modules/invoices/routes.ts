import {
  invoiceDateMessages,
  invoiceFieldMessages,
  invoiceFormMessages,
  invoiceIssueMessages,
  invoicePdfFileName,
  todayInGermany,
  xrechnungFileName,
} from "@klarwerk/kit";
import { Elysia, t } from "elysia";
import type { Deps } from "../../deps.ts";
import { jsonBody } from "../../http/body-policy.ts";
import { HttpError } from "../../http/errors.ts";
import { requireId } from "../../http/ids.ts";
import { listQueryDocs } from "../../http/list-query.ts";
import { httpMessages } from "../../http/messages.ts";
import { bytesResponse, errorResponses, jsonBodyErrors, jsonResponse } from "../../http/openapi.ts";
import { reprDigest, sha256HexOf, strongEtag } from "../../storage/blob-digest.ts";
import type { AuditActor } from "../audit/store.ts";
import { contentDisposition, digestHeaderDocs } from "../files/serve.ts";
import { invoiceBlobStore } from "./blobs.ts";
import { xrechnungXml } from "./einvoice.ts";
import { cancelInvoice, type IssueContext, issueInvoice } from "./issue.ts";
import { invoicesApiMessages as messages } from "./messages.ts";
import { cancellationAnswerSchema, invoiceAnswerSchema, invoicePageSchema } from "./responses.ts";
import {
  customerExists,
  deleteDraft,
  documentDataOf,
  findInvoice,
  insertDraft,
  listInvoices,
  setPaidOn,
  updateDraft,
} from "./store.ts";
import {
  contentFrom,
  type InvoiceBody,
  invoiceBody,
  invoiceListRules,
  paidOnFrom,
  parseListQuery,
  paymentBody,
} from "./validation.ts";

const tags = ["Invoices"];

const idParams = t.Object({ id: t.String({ description: "The invoice's id, a positive integer." }) });

/** Everything a save can be refused for. */
const saveErrors = {
  ...errorResponses({
    400: [messages.invalidId, httpMessages.badRequest],
    404: [messages.notFound],
    409: [messages.issuedFinal],
    422: [
      ...Object.values(invoiceFormMessages),
      ...Object.values(invoiceIssueMessages),
      ...Object.values(invoiceDateMessages).filter((message) => typeof message === "string"),
      ...Object.values(invoiceFieldMessages).filter((message) => typeof message === "string"),
      messages.customerUnknown,
      httpMessages.notJsonObject,
    ],
  }),
  ...jsonBodyErrors,
};

const byIdErrors = errorResponses({ 400: [messages.invalidId], 404: [messages.notFound] });

/** Downloads are stored files (or made from stored data): nothing of them runs in our origin. */
function fileResponse(body: BodyInit, type: string, name: string, sha256: string | null): Response {
  const headers = new Headers({
    "Content-Type": type,
    "Content-Disposition": contentDisposition("attachment", name),
    // Personal data, as every answer under /api: neither the browser nor a proxy keeps a copy.
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  });
  // As the file area's downloads (files/serve.ts): the whole document's SHA-256 and a tag from it.
  if (sha256 !== null) {
    headers.set("Repr-Digest", reprDigest(sha256));
    headers.set("ETag", strongEtag(sha256));
  }
  return new Response(body, { headers });
}

/**
 * The invoice tool's API (bearer; all staff see all invoices):
 * - `GET /api/invoices?page=&limit=&search=&status=` → `{ invoices, pages, total }`, newest first;
 * - `GET /api/invoices/{id}` → `{ invoice }`;
 * - `POST /api/invoices` → 201 `{ invoice }`: a draft, or with `issue: true` issued at once;
 * - `PUT /api/invoices/{id}` → `{ invoice }`: replaces a draft, with `issue: true` issues it;
 *   409 once issued;
 * - `DELETE /api/invoices/{id}` → 204 for a draft, 409 once issued;
 * - `POST /api/invoices/{id}/cancel` → 201 `{ invoice, cancelled }`: the Stornorechnung and the original;
 * - `POST /api/invoices/{id}/payment` `{ paidOn }` → `{ invoice }`;
 * - `GET /api/invoices/{id}/pdf`: the PDF stored at issue, always the same bytes;
 * - `GET /api/invoices/{id}/xrechnung`: the XRechnung 3.0 (CII), made from the stored invoice.
 */
export function invoicesModule({ sql, auth, config }: Pick<Deps, "sql" | "auth" | "config">) {
  const store = invoiceBlobStore(config);

  async function answer(id: number, today: string) {
    const stored = await findInvoice(sql, id, today);
    if (!stored) throw new HttpError(404, messages.notFound);
    return stored.invoice;
  }

  async function issuedOf(rawId: string) {
    const stored = await findInvoice(sql, requireId(rawId, messages.invalidId), todayInGermany());
    if (!stored) throw new HttpError(404, messages.notFound);
    const data = documentDataOf(stored);
    if (!data || !stored.pdfBlob) throw new HttpError(409, messages.notIssued);
    return { stored, data, pdfBlob: stored.pdfBlob };
  }

  async function contentChecked(body: InvoiceBody, today: string) {
    const content = contentFrom(body, today);
    if (content.customerId !== null && !(await customerExists(sql, content.customerId))) {
      throw new HttpError(422, messages.customerUnknown);
    }
    return content;
  }

  const context = (user: { id: number; name: string }, today: string, actor: AuditActor): IssueContext => ({
    sql,
    store,
    today,
    maxBackdateDays: config.invoiceMaxBackdateDays,
    author: { id: user.id, name: user.name },
    actor,
  });

  const listDocs = listQueryDocs(invoiceListRules, {
    items: "Invoices",
    search: "Part of the number or the customer's name, any case.",
  });

  return new Elysia({ name: "invoices-routes", prefix: "/api/invoices" })
    .use(auth.guard)
    .get("", async ({ query }) => listInvoices(sql, parseListQuery(query), todayInGermany()), {
      auth: true,
      detail: {
        summary: "One page of invoices, newest first, searched by number and customer, with their status",
        tags,
        parameters: listDocs.parameters,
        responses: {
          200: jsonResponse("The page and how many pages and invoices match.", invoicePageSchema),
          ...errorResponses({
            400: listDocs.badRequest,
          }),
        },
      },
    })
    .get(
      "/:id",
      async ({ params }) => ({ invoice: await answer(requireId(params.id, messages.invalidId), todayInGermany()) }),
      {
        auth: true,
        params: idParams,
        detail: {
          summary: "One invoice with its totals and status",
          tags,
          responses: { 200: jsonResponse("The invoice.", invoiceAnswerSchema), ...byIdErrors },
        },
      },
    )
    .post(
      "",
      async ({ body, user, status, actor }) => {
        const today = todayInGermany();
        const content = await contentChecked(body, today);
        const id = body.issue
          ? await issueInvoice(context(user, today, actor), null, content)
          : await insertDraft(sql, content, { id: user.id, name: user.name }, actor);
        return status(201, { invoice: await answer(id, today) });
      },
      {
        auth: true,
        ...jsonBody(invoiceBody),
        detail: {
          summary:
            'Save an invoice: a draft ("Als Entwurf speichern"), or with `issue: true` numbered and issued ("Rechnung speichern")',
          description:
            "Issuing checks the spec's rules, then what § 14 UStG and the e-invoice rules need, and refuses with a " +
            "German message naming the missing field before a number is used; a refused issue stores nothing. " +
            "An issued invoice gets the next number of its year (`2026-0001`) and its ZUGFeRD PDF.",
          tags,
          responses: { 201: jsonResponse("The stored invoice.", invoiceAnswerSchema), ...saveErrors },
        },
      },
    )
    .put(
      "/:id",
      async ({ params, body, user, actor }) => {
        const id = requireId(params.id, messages.invalidId);
        const today = todayInGermany();
        const content = await contentChecked(body, today);
        if (body.issue) {
          await issueInvoice(context(user, today, actor), id, content);
        } else if (!(await updateDraft(sql, id, content, actor))) {
          const stored = await findInvoice(sql, id, today);
          throw stored ? new HttpError(409, messages.issuedFinal) : new HttpError(404, messages.notFound);
        }
        return { invoice: await answer(id, today) };
      },
      {
        auth: true,
        params: idParams,
        ...jsonBody(invoiceBody),
        detail: {
          summary: "Replace a draft; with `issue: true` issue it (a refused issue leaves the draft as it was)",
          tags,
          responses: { 200: jsonResponse("The stored invoice.", invoiceAnswerSchema), ...saveErrors },
        },
      },
    )
    .delete(
      "/:id",
      async ({ params, actor }) => {
        const id = requireId(params.id, messages.invalidId);
        if (await deleteDraft(sql, id, actor)) return new Response(null, { status: 204 });
        const stored = await findInvoice(sql, id, todayInGermany());
        throw stored ? new HttpError(409, messages.issuedFinal) : new HttpError(404, messages.notFound);
      },
      {
        auth: true,
        params: idParams,
        detail: {
          summary: "Delete a draft (an issued invoice is kept: 409)",
          tags,
          responses: {
            204: { description: "Deleted." },
            ...byIdErrors,
            ...errorResponses({ 409: [messages.issuedFinal] }),
          },
        },
      },
    )
    .post(
      "/:id/cancel",
      async ({ params, user, status, actor }) => {
        const id = requireId(params.id, messages.invalidId);
        const today = todayInGermany();
        const cancellationId = await cancelInvoice(context(user, today, actor), id);
        return status(201, { invoice: await answer(cancellationId, today), cancelled: await answer(id, today) });
      },
      {
        auth: true,
        params: idParams,
        detail: {
          summary: "Stornieren: issue the cancellation invoice of an issued invoice",
          description:
            "The Stornorechnung gets its own number and today's date, the original's amounts negated and a " +
            "reference to it (BT-25); the original then has the status `cancelled`.",
          tags,
          responses: {
            201: jsonResponse("The cancellation invoice and the cancelled original.", cancellationAnswerSchema),
            ...byIdErrors,
            ...errorResponses({
              409: [messages.notIssued, messages.cancellationFinal, messages.alreadyCancelled],
            }),
          },
        },
      },
    )
    .post(
      "/:id/payment",
      async ({ params, body, actor }) => {
        const id = requireId(params.id, messages.invalidId);
        const today = todayInGermany();
        const paidOn = paidOnFrom(body, today);
        await sql.begin(async (tx) => {
          const stored = await findInvoice(tx, id, today, { lock: true });
          if (!stored) throw new HttpError(404, messages.notFound);
          if (stored.state !== "issued") throw new HttpError(409, messages.notIssued);
          if (stored.kind === "cancellation") throw new HttpError(409, messages.cancellationFinal);
          if (stored.invoice.cancelledBy !== null) throw new HttpError(409, messages.cancelledNotPayable);
          if (paidOn < stored.content.issueDate) throw new HttpError(422, invoiceDateMessages.paidOnBeforeIssue);
          await setPaidOn(tx, id, paidOn, actor);
        });
        return { invoice: await answer(id, today) };
      },
      {
        auth: true,
        params: idParams,
        ...jsonBody(paymentBody),
        detail: {
          summary: '"Als bezahlt markieren": record the date an issued invoice was paid (again: a new date)',
          tags,
          responses: {
            200: jsonResponse("The invoice, now paid.", invoiceAnswerSchema),
            ...byIdErrors,
            ...errorResponses({
              400: [httpMessages.badRequest],
              409: [messages.notIssued, messages.cancellationFinal, messages.cancelledNotPayable],
              422: [
                messages.paidOnInvalid,
                messages.paidOnInFuture,
                messages.paidOnOutOfRange,
                invoiceDateMessages.paidOnBeforeIssue,
                httpMessages.notJsonObject,
              ],
            }),
            ...jsonBodyErrors,
          },
        },
      },
    )
    .get(
      "/:id/pdf",
      async ({ params }) => {
        const { stored, data, pdfBlob } = await issuedOf(params.id);
        const size = await store.sizeOf(pdfBlob);
        if (size === null) {
          console.error(`[api] invoice ${params.id}: PDF blob ${pdfBlob} is missing`);
          throw new HttpError(404, messages.notFound);
        }
        const pdf = store.content(pdfBlob, 0, size);
        return fileResponse(pdf, "application/pdf", invoicePdfFileName(data.number), stored.pdfSha256);
      },
      {
        auth: true,
        params: idParams,
        detail: {
          summary: "The invoice's PDF as stored when it was issued (ZUGFeRD/Factur-X EN 16931, PDF/A-3b)",
          tags,
          responses: {
            200: bytesResponse("`application/pdf`, saved as `Rechnung_<number>.pdf`.", {
              "Content-Disposition": {
                description: 'attachment; filename="Rechnung_<number>.pdf"',
                schema: { type: "string" },
              },
              ...digestHeaderDocs,
            }),
            ...byIdErrors,
            ...errorResponses({ 409: [messages.notIssued] }),
          },
        },
      },
    )
    .get(
      "/:id/xrechnung",
      async ({ params }) => {
        const { data } = await issuedOf(params.id);
        const xml = await xrechnungXml(data);
        return fileResponse(xml, "application/xml; charset=utf-8", xrechnungFileName(data.number), sha256HexOf(xml));
      },
      {
        auth: true,
        params: idParams,
        detail: {
          summary: "The invoice as XRechnung 3.0 (CII), made from the stored invoice",
          description:
            "BT-10 (buyer reference) is the Leitweg-ID or order reference; without one it is `n/a`, which " +
            "XRechnung accepts for buyers outside the public sector.",
          tags,
          responses: {
            200: bytesResponse("`application/xml`, saved as `XRechnung_<number>.xml`.", digestHeaderDocs),
            ...byIdErrors,
            ...errorResponses({ 409: [messages.notIssued] }),
          },
        },
      },
    );
}
