import { todayInGermany as todayOf } from "@klarwerk/kit";
import { Elysia } from "elysia";
import type { Deps } from "../../deps.ts";
import { idParams } from "../../http/ids.ts";
import {
  acceptQuoteRoute,
  convertQuoteRoute,
  createQuoteRoute,
  deleteQuoteRoute,
  listQuotesRoute,
  parseListQuery,
  quotePdfRoute,
  readQuoteRoute,
  rejectQuoteRoute,
  replaceQuoteRoute,
} from "./model.ts";
import { quotesService } from "./service.ts";
import { listQuotes } from "./store.ts";

/**
 * Angebote (bearer; staff and admins alike, decision 0078):
 * - `GET /api/quotes?page=&limit=&search=&status=` → `{ quotes, pages, total }`, newest first;
 * - `GET /api/quotes/{id}` → `{ quote }`;
 * - `POST /api/quotes` → 201 `{ quote }`: a draft, or with `issue: true` issued at once;
 * - `PUT /api/quotes/{id}` → `{ quote }`: replaces a draft, with `issue: true` issues it;
 * - `DELETE /api/quotes/{id}` → 204 for a draft;
 * - `POST /api/quotes/{id}/accept`, `/reject` → `{ quote }`: the customer's answer;
 * - `POST /api/quotes/{id}/invoice` `{ partial? }` → 201 `{ invoice, quote }`: „In Rechnung umwandeln“;
 * - `GET /api/quotes/{id}/pdf`: the PDF in the invoice's layout.
 */
export function quotesModule({ sql, auth, now, config }: Pick<Deps, "sql" | "auth" | "now" | "config">) {
  const service = quotesService({ sql, now, config });
  const today = () => new Date(now());

  return new Elysia({ name: "quotes-routes", prefix: "/api/quotes" })
    .use(auth.guard)
    .use(idParams)
    .get("", async ({ query }) => listQuotes(sql, parseListQuery(query), todayOf(today())), {
      auth: true,
      ...listQuotesRoute.options(),
    })
    .get("/:id", async ({ id }) => ({ quote: await service.get(id) }), { auth: true, ...readQuoteRoute.options() })
    .post(
      "",
      async ({ body, user, actor, status }) => status(201, { quote: await service.create(body, user, actor) }),
      { auth: true, ...createQuoteRoute.options() },
    )
    .put("/:id", async ({ id, body, user, actor }) => ({ quote: await service.replace(id, body, user, actor) }), {
      auth: true,
      ...replaceQuoteRoute.options(),
    })
    .delete(
      "/:id",
      async ({ id, actor }) => {
        await service.remove(id, actor);
        return new Response(null, { status: 204 });
      },
      { auth: true, ...deleteQuoteRoute.options() },
    )
    .post(
      "/:id/accept",
      async ({ id, user, actor }) => ({ quote: await service.decide(id, "accepted", user, actor) }),
      {
        auth: true,
        ...acceptQuoteRoute.options(),
      },
    )
    .post(
      "/:id/reject",
      async ({ id, user, actor }) => ({ quote: await service.decide(id, "rejected", user, actor) }),
      {
        auth: true,
        ...rejectQuoteRoute.options(),
      },
    )
    .post(
      "/:id/invoice",
      async ({ id, body, user, actor, status }) =>
        status(201, await service.convert(id, body.partial === true, user, actor)),
      { auth: true, ...convertQuoteRoute.options() },
    )
    .get("/:id/pdf", async ({ id }) => service.pdf(id), { auth: true, ...quotePdfRoute.options() });
}
