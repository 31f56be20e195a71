import { todayInGermany } from "@klarwerk/kit";
import { Elysia } from "elysia";
import type { Deps } from "../../deps.ts";
import { idParams, requireId } from "../../http/ids.ts";
import { ownCopy } from "../../http/openapi.ts";
import { datevDocs } from "./datev-docs.ts";
import { datevExport } from "./datev-export.ts";
import { invoicesApiMessages as messages } from "./messages.ts";
import {
  addPaymentRoute,
  cancelInvoiceRoute,
  createInvoiceRoute,
  deleteInvoiceRoute,
  deletePaymentRoute,
  invoicePdfRoute,
  invoiceXrechnungRoute,
  listInvoicesRoute,
  parseListQuery,
  paymentParams,
  readInvoiceRoute,
  recordPaymentRoute,
  replaceInvoiceRoute,
  reportRoute,
} from "./model.ts";
import { remindersModule } from "./reminder-routes.ts";
import { invoiceReport } from "./report.ts";
import { invoicesService } from "./service.ts";
import { listInvoices } from "./store.ts";

/**
 * The invoice tool's API (bearer; all staff see all invoices but those a data-protection erasure
 * restricted, which only admins see; the flows are service.ts's):
 * - `GET /api/invoices?page=&limit=&search=&status=&ageing=` → `{ invoices, pages, total }`, newest first;
 * - `GET /api/invoices/report` → the "Auswertung": open items by age, revenue per month (report.ts);
 * - `GET /api/invoices/{id}` → `{ invoice }`;
 * - `POST /api/invoices` → 201 `{ invoice }`: a draft, or with `issue: true` issued at once;
 * - `PUT /api/invoices/{id}` → `{ invoice }`: replaces a draft, with `issue: true` issues it;
 * - `DELETE /api/invoices/{id}` → 204 for a draft;
 * - `POST /api/invoices/{id}/cancel` → 201 `{ invoice, cancelled }`: the Stornorechnung and the original;
 * - `POST /api/invoices/{id}/payment` `{ paidOn }` → `{ invoice }`: the rest paid in full ("Als bezahlt markieren");
 * - `POST /api/invoices/{id}/payments` `{ paidOn, amountCents, note? }` → 201 `{ invoice }`: a payment, in part or in full;
 * - `DELETE /api/invoices/{id}/payments/{paymentId}` → `{ invoice }`: a mistaken payment deleted;
 * - `GET /api/invoices/{id}/pdf`: the PDF stored at issue, always the same bytes;
 * - `GET /api/invoices/{id}/xrechnung`: the XRechnung 3.0 (CII), made from the stored invoice;
 * - `GET /api/invoices/datev?from=&to=`: the DATEV Buchungsstapel of a period, for admins only;
 * - the reminders (Zahlungserinnerung, Mahnungen) and their settings: reminder-routes.ts.
 */
export function invoicesModule({ sql, auth, config, outbox }: Pick<Deps, "sql" | "auth" | "config" | "outbox">) {
  const service = invoicesService({ sql, config });

  return new Elysia({ name: "invoices-routes", prefix: "/api/invoices" })
    .use(remindersModule({ sql, auth, config, outbox }))
    .use(auth.guard)
    .use(idParams)
    .get(
      "",
      async ({ query, user }) => listInvoices(sql, parseListQuery(query), todayInGermany(), user.role !== "admin"),
      { auth: true, ...listInvoicesRoute.options() },
    )
    .get("/datev", async ({ query, actor }) => datevExport(sql, query, actor), {
      admin: true,
      detail: ownCopy(datevDocs),
    })
    .get("/report", async ({ user }) => invoiceReport(sql, todayInGermany(), user.role !== "admin"), {
      auth: true,
      ...reportRoute.options(),
    })
    .get(
      "/:id",
      async ({ id, user }) => {
        await service.shownTo(user.role, id);
        return { invoice: await service.get(id) };
      },
      { auth: true, ...readInvoiceRoute.options() },
    )
    .post(
      "",
      async ({ body, user, actor, status }) => status(201, { invoice: await service.create(body, user, actor) }),
      { auth: true, ...createInvoiceRoute.options() },
    )
    .put("/:id", async ({ id, body, user, actor }) => ({ invoice: await service.replace(id, body, user, actor) }), {
      auth: true,
      ...replaceInvoiceRoute.options(),
    })
    .delete(
      "/:id",
      async ({ id, actor }) => {
        await service.remove(id, actor);
        return new Response(null, { status: 204 });
      },
      { auth: true, ...deleteInvoiceRoute.options() },
    )
    .post(
      "/:id/cancel",
      async ({ id, user, actor, status }) => {
        await service.shownTo(user.role, id);
        return status(201, await service.cancel(id, user, actor));
      },
      { auth: true, ...cancelInvoiceRoute.options() },
    )
    .post(
      "/:id/payment",
      async ({ id, body, user, actor }) => {
        await service.shownTo(user.role, id);
        return { invoice: await service.recordPayment(id, body, user, actor) };
      },
      { auth: true, ...recordPaymentRoute.options() },
    )
    .post(
      "/:id/payments",
      async ({ id, body, user, actor, status }) => {
        await service.shownTo(user.role, id);
        return status(201, { invoice: await service.addPayment(id, body, user, actor) });
      },
      { auth: true, ...addPaymentRoute.options() },
    )
    .delete(
      "/:id/payments/:paymentId",
      async ({ params, user, actor }) => {
        const id = requireId(params.id, messages.invalidId);
        const paymentId = requireId(params.paymentId, messages.invalidPaymentId);
        await service.shownTo(user.role, id);
        return { invoice: await service.removePayment(id, paymentId, user, actor) };
      },
      { auth: true, params: paymentParams, ...deletePaymentRoute.options() },
    )
    .get(
      "/:id/pdf",
      async ({ id, user }) => {
        await service.shownTo(user.role, id);
        return service.pdf(id);
      },
      { auth: true, ...invoicePdfRoute.options() },
    )
    .get(
      "/:id/xrechnung",
      async ({ id, user }) => {
        await service.shownTo(user.role, id);
        return service.xrechnung(id);
      },
      { auth: true, ...invoiceXrechnungRoute.options() },
    );
}
