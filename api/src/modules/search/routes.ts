import { Elysia } from "elysia";
import type { Deps } from "../../deps.ts";
import { siteSearchRoute } from "./model.ts";
import { siteSearch } from "./service.ts";

/**
 * The portal header's search (decision 0102), bearer, staff and admins:
 * - `GET /api/search?q=<term>`: `{ customers, invoices, files }`, each `{ hits, more }`, up to five
 *   hits a group, each found as its own list's search finds it.
 */
export function searchModule({ sql, auth }: Pick<Deps, "sql" | "auth">) {
  return new Elysia({ name: "search-routes", prefix: "/api/search" })
    .use(auth.guard)
    .get("", ({ query, user }) => siteSearch(sql, query.q, user.role === "admin"), {
      auth: true,
      ...siteSearchRoute.options(),
    });
}
