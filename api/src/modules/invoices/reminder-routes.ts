import { reminderMessages } from "@klarwerk/kit";
import { Elysia } from "elysia";
import type { Deps } from "../../deps.ts";
import { idParams, requireId } from "../../http/ids.ts";
import { invoicesApiMessages as messages } from "./messages.ts";
import {
  batchRemindersRoute,
  deleteBaseRateRoute,
  listRemindersRoute,
  makeReminderRoute,
  readReminderSettingsRoute,
  reminderParams,
  reminderPdfRoute,
  saveBaseRateRoute,
  saveReminderSettingsRoute,
} from "./reminder-model.ts";
import { remindersService } from "./reminders.ts";
import { invoicesService } from "./service.ts";

/**
 * Zahlungserinnerung und Mahnungen (bearer; staff and admins, restricted invoices as the invoices
 * themselves; the settings' writes for admins only; docs/decisions/0090):
 * - `POST /api/invoices/{id}/reminders` `{ level?, consumer?, remindedOn? }` → 201 `{ reminder, invoice }`;
 * - `POST /api/invoices/reminders` `{ ids, consumer?, preview? }` → `{ results }`, one per invoice;
 * - `GET /api/invoices/{id}/reminders` → `{ reminders }`;
 * - `GET /api/invoices/{id}/reminders/{reminderId}/pdf`: the PDF stored when it was made;
 * - `GET`/`PUT /api/invoices/reminder-settings`, `POST /api/invoices/base-rates`,
 *   `DELETE /api/invoices/base-rates/{validFrom}` → `{ settings, baseRates, baseRatesStale }`.
 */
/** Paths relative to `/api/invoices`: routes.ts mounts it inside the invoices module (its prefix). */
export function remindersModule({ sql, auth, config, outbox }: Pick<Deps, "sql" | "auth" | "config" | "outbox">) {
  const service = remindersService({ sql, config, outbox });
  const invoices = invoicesService({ sql, config });
  return new Elysia({ name: "invoice-reminders-routes" })
    .use(auth.guard)
    .use(idParams)
    .get("/reminder-settings", () => service.settingsAnswer(), { auth: true, ...readReminderSettingsRoute.options() })
    .put("/reminder-settings", ({ body, user, actor }) => service.saveSettings(body, user, actor), {
      admin: true,
      ...saveReminderSettingsRoute.options(),
    })
    .post("/base-rates", ({ body, user, actor }) => service.addBaseRate(body, user, actor), {
      admin: true,
      ...saveBaseRateRoute.options(),
    })
    .delete("/base-rates/:validFrom", ({ params, actor }) => service.removeBaseRate(params.validFrom, actor), {
      admin: true,
      ...deleteBaseRateRoute.options(),
    })
    .post(
      "/reminders",
      async ({ body, user, actor }) => ({
        results: await service.batch(
          body.ids,
          { consumer: body.consumer, preview: body.preview, sendByMail: body.sendByMail },
          user,
          actor,
        ),
      }),
      { auth: true, ...batchRemindersRoute.options() },
    )
    .post(
      "/:id/reminders",
      async ({ id, body, user, actor, status }) => {
        await invoices.shownTo(user.role, id);
        return status(201, await service.make(id, body, user, actor));
      },
      { auth: true, ...makeReminderRoute.options() },
    )
    .get(
      "/:id/reminders",
      async ({ id, user }) => {
        await invoices.shownTo(user.role, id);
        return { reminders: await service.list(id) };
      },
      { auth: true, ...listRemindersRoute.options() },
    )
    .get(
      "/:id/reminders/:reminderId/pdf",
      async ({ params, user }) => {
        const id = requireId(params.id, messages.invalidId);
        const reminderId = requireId(params.reminderId, reminderMessages.invalidReminderId);
        await invoices.shownTo(user.role, id);
        return service.pdf(id, reminderId);
      },
      { auth: true, params: reminderParams, ...reminderPdfRoute.options() },
    );
}
