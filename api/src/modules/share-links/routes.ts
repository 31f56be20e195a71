import { Elysia, t } from "elysia";
import type { Deps } from "../../deps.ts";
import { idParams } from "../../http/ids.ts";
import {
  createShareLinkRoute,
  listShareLinksRoute,
  revokeShareLinkRoute,
  saveShareLinkSettingsRoute,
  shareLinkAccessesRoute,
  shareLinkSettingsRoute,
} from "./model.ts";
import { defaultZipLimits, shareLinksService, type ZipLimits } from "./service.ts";

const tokenParams = t.Object({ token: t.String() });
const fileParams = t.Object({ token: t.String(), fileId: t.String() });
/** The client's pages are not part of the API document. */
const hidden = { detail: { hide: true } };

/**
 * Share links (decision 0096). Staff, bearer:
 * - `POST /api/share-links` `{ target_kind, target_id, days?, password?, download_limit?, label? }`: 201 `{ link, path }`;
 * - `GET /api/share-links`: the caller's links, an admin's every link;
 * - `GET /api/share-links/{id}/accesses`: the access log; `DELETE /api/share-links/{id}`: revoked, 204;
 * - `GET /api/share-links/settings`: the longest validity of new links; `PUT` `{ max_days }` (admins).
 * The client, without an account, German HTML:
 * - `GET /s/{token}`: the files (or the password form); `POST /s/{token}` `password=`: unlocks;
 * - `GET /s/{token}/dateien/{file_id}`: one file; `GET /s/{token}/ordner.zip`: the folder as ZIP.
 */
export function shareLinksModule(
  { sql, auth, config, rateLimits }: Pick<Deps, "sql" | "auth" | "config" | "rateLimits">,
  zipLimits: ZipLimits = defaultZipLimits,
) {
  const service = shareLinksService({ sql, config, rateLimits }, zipLimits);
  const ownerOf = (user: { id: number; role: string }) => ({ id: user.id, admin: user.role === "admin" });

  const staff = new Elysia({ name: "share-links-routes", prefix: "/api/share-links" })
    .use(auth.guard)
    .use(idParams)
    .post("", async ({ body, user, actor, status }) => status(201, await service.create(body, user, actor)), {
      auth: true,
      ...createShareLinkRoute.options(),
    })
    .get("", async ({ user }) => ({ links: await service.list(ownerOf(user)), all: user.role === "admin" }), {
      auth: true,
      ...listShareLinksRoute.options(),
    })
    .get("/settings", () => service.settings(), { auth: true, ...shareLinkSettingsRoute.options() })
    .put("/settings", ({ body, actor }) => service.saveSettings(body, actor), {
      admin: true,
      ...saveShareLinkSettingsRoute.options(),
    })
    .get("/:id/accesses", ({ id, user }) => service.accesses(id, ownerOf(user)), {
      auth: true,
      ...shareLinkAccessesRoute.options(),
    })
    .delete(
      "/:id",
      async ({ id, user, actor }) => {
        await service.revoke(id, ownerOf(user), actor);
        return new Response(null, { status: 204 });
      },
      { auth: true, ...revokeShareLinkRoute.options() },
    );

  const client = new Elysia({ name: "share-links-pages", prefix: "/s" })
    .get("/:token", ({ request, server, params }) => service.page(request, server, params.token), {
      params: tokenParams,
      ...hidden,
    })
    .post("/:token", ({ request, server, params }) => service.unlock(request, server, params.token), {
      params: tokenParams,
      parse: "none",
      ...hidden,
    })
    .get("/:token/ordner.zip", ({ request, server, params }) => service.zip(request, server, params.token), {
      params: tokenParams,
      ...hidden,
    })
    .get(
      "/:token/dateien/:fileId",
      ({ request, server, params }) => service.download(request, server, params.token, params.fileId),
      { params: fileParams, ...hidden },
    );

  return new Elysia({ name: "share-links" })
    .onStop(() => service.close())
    .use(staff)
    .use(client);
}
