import { openRequestsPage } from "@klarwerk/kit";
import { Elysia } from "elysia";
import type { Deps } from "../../deps.ts";
import { HttpError } from "../../http/errors.ts";
import { pagingParam, requireId } from "../../http/ids.ts";
import { requestsApiMessages as messages } from "./messages.ts";
import { listOpenRequests, markRequestDone } from "./store.ts";

/**
 * The dashboard's contact requests (every signed-in user sees all of them, design.md section 4):
 * - `GET /api/requests[?limit=50&before=<id>]`: open requests newest first, a page at a time
 *   (`next` continues), and the exact open/done counts;
 * - `PUT /api/requests/{id}/done`: marks one done for the signed-in user; 404 unknown, 409
 *   already done, 400 malformed id.
 */
export function requestsModule({ sql, auth }: Pick<Deps, "sql" | "auth">) {
  return new Elysia({ name: "requests-routes", prefix: "/api/requests" })
    .use(auth.guard)
    .get(
      "/",
      ({ query }) =>
        listOpenRequests(sql, {
          limit: pagingParam(
            query.limit,
            { fallback: openRequestsPage.defaultLimit, max: openRequestsPage.maxLimit },
            messages.invalidLimit,
          ),
          before: query.before === undefined ? null : requireId(query.before, messages.invalidBefore),
        }),
      {
        auth: true,
      },
    )
    .put(
      "/:id/done",
      async ({ params, user }) => {
        const result = await markRequestDone(sql, requireId(params.id, messages.invalidId), user.id);
        if (result.outcome === "not-found") throw new HttpError(404, messages.notFound);
        if (result.outcome === "already-done") throw new HttpError(409, messages.alreadyDone);
        return result.answer;
      },
      { auth: true },
    );
}
