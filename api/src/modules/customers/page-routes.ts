import { Elysia } from "elysia";
import type { Deps } from "../../deps.ts";
import { idParams, requireId } from "../../http/ids.ts";
import { customersApiMessages as messages } from "./messages.ts";
import {
  addContactRoute,
  addTagRoute,
  changeContactRoute,
  contactParams,
  customerDetailRoute,
  fileParams,
  linkFileRoute,
  listTagsRoute,
  logActivityRoute,
  removeContactRoute,
  removeTagRoute,
  tagParams,
  timelineRoute,
  unlinkFileRoute,
} from "./page-model.ts";
import { customerPageService, timelinePaging } from "./page-service.ts";

/**
 * The customer page's API (bearer: staff and admins; decision 0095), paths relative to
 * `/api/customers` (routes.ts mounts it inside the customers module):
 * - `GET /tags` → `{ tags: [{ tag, customers }] }`;
 * - `GET /{id}` → `{ customer, contacts, tags }`;
 * - `POST /{id}/contacts`, `PUT`/`DELETE /{id}/contacts/{contactId}`: Ansprechpartner;
 * - `POST /{id}/tags` `{ tag }`, `DELETE /{id}/tags/{tag}` → `{ tags }`;
 * - `GET /{id}/timeline?page=&limit=` → `{ entries, has_more }`; `POST /{id}/timeline` `{ kind, text }` → 201 `{ entry }`;
 * - `POST /{id}/files` `{ file_id }` → `{ entry }`, `DELETE /{id}/files/{fileId}` → 204: files linked (decision 0103).
 */
export function customerPageModule({ sql, writes, auth }: Pick<Deps, "sql" | "writes" | "auth">) {
  const service = customerPageService({ sql, writes });
  const ids = (params: { id: string; contactId: string }) => ({
    id: requireId(params.id, messages.invalidId),
    contactId: requireId(params.contactId, messages.invalidContactId),
  });
  return new Elysia({ name: "customer-page-routes" })
    .use(auth.guard)
    .use(idParams)
    .get("/tags", () => service.tags(), { auth: true, ...listTagsRoute.options() })
    .get("/:id", ({ id }) => service.detail(id), { auth: true, ...customerDetailRoute.options() })
    .post(
      "/:id/contacts",
      async ({ id, body, user, actor, status }) => status(201, await service.addContact(id, body, user, actor)),
      { auth: true, ...addContactRoute.options() },
    )
    .put(
      "/:id/contacts/:contactId",
      ({ params, body, actor }) => {
        const { id, contactId } = ids(params);
        return service.changeContact(id, contactId, body, actor);
      },
      { auth: true, params: contactParams, ...changeContactRoute.options() },
    )
    .delete(
      "/:id/contacts/:contactId",
      async ({ params, actor }) => {
        const { id, contactId } = ids(params);
        await service.removeContact(id, contactId, actor);
        return new Response(null, { status: 204 });
      },
      { auth: true, params: contactParams, ...removeContactRoute.options() },
    )
    .post("/:id/tags", ({ id, body, actor }) => service.addTag(id, body, actor), {
      auth: true,
      ...addTagRoute.options(),
    })
    .delete(
      "/:id/tags/:tag",
      ({ params, actor }) => service.removeTag(requireId(params.id, messages.invalidId), params.tag.trim(), actor),
      { auth: true, params: tagParams, ...removeTagRoute.options() },
    )
    .get("/:id/timeline", ({ id, query, user }) => service.timeline(id, timelinePaging(query), user.role === "admin"), {
      auth: true,
      ...timelineRoute.options(),
    })
    .post(
      "/:id/timeline",
      async ({ id, body, user, actor, status }) => status(201, await service.log(id, body, user, actor)),
      { auth: true, ...logActivityRoute.options() },
    )
    .post("/:id/files", ({ id, body, user, actor }) => service.linkFile(id, body.file_id, user, actor), {
      auth: true,
      ...linkFileRoute.options(),
    })
    .delete(
      "/:id/files/:fileId",
      async ({ params, actor }) => {
        await service.unlinkFile(
          requireId(params.id, messages.invalidId),
          requireId(params.fileId, messages.invalidFileId),
          actor,
        );
        return new Response(null, { status: 204 });
      },
      { auth: true, params: fileParams, ...unlinkFileRoute.options() },
    );
}
