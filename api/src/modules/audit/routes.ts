import { Elysia } from "elysia";
import type { Deps } from "../../deps.ts";
import { auditFilterOf, exportAuditRoute, listAuditRoute, pageOf, verifyAuditRoute } from "./model.ts";
import { auditChainKey, auditCsv, type ManifestHead, retentionPeriods, verifyAuditChain } from "./service.ts";
import { listAuditEvents } from "./store.ts";

/**
 * The audit trail, for admins only (staff get 403):
 * - `GET /api/audit?before=&limit=&actor_id=&action=&object_type=&object_id=&from=&to=` → `{ events, next }`;
 * - `GET /api/audit/export.csv?<the same filters>` → the events as CSV;
 * - `GET /api/audit/verify` → `{ ok, checked, first_mismatch }` („Protokoll prüfen“): the chain with
 *   the key, and the chain head each kept backup set recorded.
 *
 * `backupHeads` reads those heads from the backup target; app.ts passes it in because the backups
 * sit above the modules (docs/architecture.md, "API modules and boundaries").
 */
export function auditModule(
  { sql, auth, config }: Pick<Deps, "sql" | "auth" | "config">,
  backupHeads: () => Promise<ManifestHead[]>,
) {
  return new Elysia({ name: "audit-routes", prefix: "/api/audit" })
    .use(auth.guard)
    .get("", async ({ query }) => listAuditEvents(sql, auditFilterOf(query), pageOf(query)), {
      admin: true,
      ...listAuditRoute.options(),
    })
    .get(
      "/export.csv",
      ({ query }) =>
        new Response(auditCsv(sql, auditFilterOf(query)), {
          headers: {
            "content-type": "text/csv; charset=utf-8",
            "content-disposition": `attachment; filename="protokoll.csv"`,
          },
        }),
      { admin: true, ...exportAuditRoute.options() },
    )
    .get(
      "/verify",
      async () =>
        verifyAuditChain(sql, retentionPeriods(config), {
          key: auditChainKey(config),
          manifests: await backupHeads(),
        }),
      { admin: true, ...verifyAuditRoute.options() },
    );
}
