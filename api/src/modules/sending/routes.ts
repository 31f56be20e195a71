import { Elysia } from "elysia";
import type { Deps } from "../../deps.ts";
import { idParams } from "../../http/ids.ts";
import {
  invoiceMailRoute,
  invoiceSendingsRoute,
  readTemplatesRoute,
  saveTemplatesRoute,
  sendInvoiceMailRoute,
} from "./model.ts";
import { sendingService } from "./service.ts";

/**
 * Documents by mail (docs/decisions/0079-documents-by-mail.md), for staff and admins:
 * - `GET /api/invoices/{id}/mail` → `{ draft, sendings }`: what „Per E-Mail senden“ starts with, and the history;
 * - `GET /api/invoices/{id}/sendings` → `{ sendings }`: the history „versendet am … an …“, for any invoice;
 * - `POST /api/invoices/{id}/mail` `{ to, subject, text, attachXml }` → 201 `{ sending, sendings }`;
 * - `GET`/`PUT /api/company/mail-templates` → `{ invoice }`: the template, admins only.
 */
export function sendingModule(deps: Pick<Deps, "sql" | "auth" | "outbox" | "config">) {
  const service = sendingService(deps);
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
        status(
          201,
          await service.sendInvoiceByMail(id, body, { id: user.id, name: user.name, role: user.role }, actor),
        ),
      { auth: true, ...sendInvoiceMailRoute.options() },
    )
    .get("/company/mail-templates", async () => service.templates(), { admin: true, ...readTemplatesRoute.options() })
    .put("/company/mail-templates", async ({ body, user, actor }) => service.saveTemplates(body, user.id, actor), {
      admin: true,
      ...saveTemplatesRoute.options(),
    });
}
