import { Elysia } from "elysia";
import type { Deps } from "../../deps.ts";
import { idParams } from "../../http/ids.ts";
import { dryRunRoute, prepareImportRoute, runImportRoute, undoImportRoute } from "./import-model.ts";
import { customerImportService, readImportBody } from "./import-service.ts";

/** Streamed (body policy): the file's bytes, held to the import's own limit with its own message. */
export const customerImportUploadPath = "/api/customers/imports";

/**
 * The customer CSV import (bearer: staff and admins, as the list; decision 0099), paths relative
 * to `/api/customers`:
 * - `POST /imports` (the file's bytes) → 201 `{ import }`: detected encoding and separator, preview, mapping;
 * - `POST /imports/{id}/dry-run` `{ mapping }` → `{ counts, rows }`;
 * - `POST /imports/{id}/run` `{ choices }` → `{ result }`;
 * - `POST /imports/{id}/undo` → `{ result }`.
 */
export function customerImportModule({ writes, auth, changes }: Pick<Deps, "writes" | "auth" | "changes">) {
  const service = customerImportService({ writes, changes });
  return new Elysia({ name: "customer-import-routes" })
    .use(auth.guard)
    .use(idParams)
    .post(
      "/imports",
      async ({ request, user, status }) =>
        status(201, { import: await service.prepare(await readImportBody(request), user) }),
      { auth: true, parse: "none", ...prepareImportRoute.options() },
    )
    .post("/imports/:id/dry-run", ({ id, body }) => service.dryRun(id, body.mapping), {
      auth: true,
      ...dryRunRoute.options(),
    })
    .post(
      "/imports/:id/run",
      async ({ id, body, user, actor }) => ({ result: await service.run(id, body.choices, user, actor) }),
      { auth: true, ...runImportRoute.options() },
    )
    .post("/imports/:id/undo", async ({ id, user, actor }) => ({ result: await service.undo(id, user, actor) }), {
      auth: true,
      ...undoImportRoute.options(),
    });
}
