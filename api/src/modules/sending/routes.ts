import type { MailTemplate } from "@klarwerk/kit";
import { Elysia } from "elysia";
import type { Deps } from "../../deps.ts";
import { idParams } from "../../http/ids.ts";
import {
  invoiceMailRoute,
  invoiceSendingsRoute,
  quoteMailRoute,
  quoteSendingsRoute,
  readTemplateRoute,
  readTemplatesRoute,
  saveTemplateRoute,
  sendInvoiceMailRoute,
  sendQuoteMailRoute,
  templateKindOf,
} from "./model.ts";
import { sendingService } from "./service.ts";

/**
 * Documents by mail (docs/decisions/0079-documents-by-mail.md), for staff and admins:
 * - `GET /api/invoices/{id}/mail` → `{ draft, sendings }`: what „Per E-Mail senden“ starts with, and the history;
 * - `GET /api/invoices/{id}/sendings` → `{ sendings }`: the history „versendet am … an …“, for any invoice;
 * - `POST /api/invoices/{id}/mail` `{ to, subject, text, attachXml }` → 201 `{ sending, sendings }`;
 * - the same three for an issued quote under `/api/quotes/{id}` (its PDF attached; no XML);
 * - `GET /api/company/mail-templates` → every kind's template; `GET`/`PUT /api/company/mail-templates/{kind}`
 *   `{ subject, text }` → `{ kind, template }`: admins only.
 */
export function sendingModule(deps: Pick<Deps, "sql" | "auth" | "outbox" | "config">) {
  const service = sendingService(deps);
  const sender = (user: { id: number; name: string; role: string }) => ({
    id: user.id,
    name: user.name,
    role: user.role,
  });
  return new Elysia({ name: "sending-routes", prefix: "/api" })
    .use(deps.auth.guard)
    .use(idParams)
    .get("/invoices/:id/mail", async ({ id, user }) => service.draft(id, user.role), {
      auth: true,
      ...invoiceMailRoute.options(),
    })
    .get("/invoices/:id/sendings", async ({ id, user }) => service.sendings(id, user.role), {
      auth: true,
      ...invoiceSendingsRoute.options(),
    })
    .post(
      "/invoices/:id/mail",
      async ({ id, body, user, actor, status }) =>
        status(201, await service.sendInvoiceByMail(id, body, sender(user), actor)),
      { auth: true, ...sendInvoiceMailRoute.options() },
    )
    .get("/quotes/:id/mail", async ({ id }) => service.quoteDraft(id), { auth: true, ...quoteMailRoute.options() })
    .get("/quotes/:id/sendings", async ({ id }) => service.quoteSendings(id), {
      auth: true,
      ...quoteSendingsRoute.options(),
    })
    .post(
      "/quotes/:id/mail",
      async ({ id, body, user, actor, status }) =>
        status(201, await service.sendQuoteByMail(id, body, sender(user), actor)),
      { auth: true, ...sendQuoteMailRoute.options() },
    )
    .get("/company/mail-templates", async () => service.templates(), { admin: true, ...readTemplatesRoute.options() })
    .get("/company/mail-templates/:kind", async ({ params }) => service.template(templateKindOf(params.kind)), {
      admin: true,
      ...readTemplateRoute.options(),
    })
    .put(
      "/company/mail-templates/:kind",
      async ({ params, body, user, actor }) =>
        service.saveTemplate(templateKindOf(params.kind), body as MailTemplate, user.id, actor),
      { admin: true, ...saveTemplateRoute.options() },
    );
}
