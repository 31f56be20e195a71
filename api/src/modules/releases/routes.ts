import { Elysia } from "elysia";
import type { Deps } from "../../deps.ts";
import { idParams } from "../../http/ids.ts";
import { readArchiveBody } from "./archive.ts";
import { releaseCallers } from "./callers.ts";
import * as model from "./model.ts";
import { scheduleClientReportPurge } from "./retention.ts";
import type { RolloutState } from "./rollout-state.ts";
import type { ReleasesService } from "./service.ts";

/** The upload reads its body itself (octet-stream); the body policy lets it through on this path only. */
export const releaseUploadPath = "/api/releases/upload";

export { canaryTicketLimit, clientLoadLimit, clientReportLimit } from "./callers.ts";

/**
 * Releases per remote (docs/decisions/0038-releases-per-remote.md; docs/architecture.md,
 * "Releases and rollout"). The flows are in service.ts, the rollout's changes in transitions.ts,
 * each route's body, answer and documentation in model.ts. Release and rollout routes take a
 * deploy key of the remote or an admin's session (`{ deployActor }`, callers.ts); deploy keys are admins' only; the shell's
 * reports are public, limited per address (`{ reportedBy }`) and in size, and deleted after
 * `CLIENT_REPORT_RETENTION_DAYS`.
 */
export function releasesModule(
  { sql, auth, rateLimits, config }: Pick<Deps, "sql" | "auth" | "rateLimits" | "config">,
  releases: ReleasesService,
  rollouts: RolloutState,
) {
  const byRemote = { deployActor: "params", params: model.remoteParams } as const;
  let stopPurge: (() => Promise<void>) | null = null;
  return new Elysia({ name: "releases", prefix: "/api" })
    .use(auth.guard)
    .use(idParams)
    .use(releaseCallers(releases, { rateLimits, config }))
    .get("/releases", () => releases.overview(), { admin: true, ...model.releasesOverviewRoute.options() })
    .post(
      "/releases",
      async ({ deployer, remote, body, status }) =>
        status(201, { release: await releases.registerExternal(deployer, remote, body) }),
      { deployActor: "body", ...model.externalReleaseRoute.options() },
    )
    .post(
      "/releases/upload",
      async ({ deployer, remote, query, request, status }) => {
        const archive = await readArchiveBody(request);
        return status(201, { release: await releases.upload(deployer, remote, query, archive) });
      },
      { deployActor: "query", parse: "none", ...model.uploadReleaseRoute.options() },
    )
    .post("/releases/:remote/activate", ({ deployer, remote, body }) => releases.activate(deployer, remote, body), {
      ...byRemote,
      ...model.activateReleaseRoute.options(),
    })
    .post("/releases/:remote/canary", ({ deployer, remote, body }) => releases.startCanary(deployer, remote, body), {
      ...byRemote,
      ...model.startCanaryRoute.options(),
    })
    .post("/releases/:remote/promote", ({ deployer, remote }) => releases.promote(deployer, remote), {
      ...byRemote,
      ...model.promoteCanaryRoute.options(),
    })
    .post("/releases/:remote/stop", ({ deployer, remote }) => releases.stopCanary(deployer, remote), {
      ...byRemote,
      ...model.stopCanaryRoute.options(),
    })
    .delete(
      "/releases/:remote/:version",
      async ({ deployer, remote, params, status }) => {
        await releases.deleteRelease(deployer, remote, params.version);
        return status(204, undefined);
      },
      { deployActor: "params", params: model.releaseParams, ...model.deleteReleaseRoute.options() },
    )
    .get("/deploy-keys", async () => ({ keys: await releases.listKeys() }), {
      admin: true,
      ...model.listDeployKeysRoute.options(),
    })
    .post(
      "/deploy-keys",
      async ({ user, actor, body, status }) => status(201, await releases.createKey(user, body, actor)),
      { admin: true, ...model.createDeployKeyRoute.options() },
    )
    .delete(
      "/deploy-keys/:id",
      async ({ id, actor, status }) => {
        await releases.revokeKey(id, actor);
        return status(204, undefined);
      },
      { admin: true, ...model.revokeDeployKeyRoute.options() },
    )
    .post(
      "/client-errors",
      async ({ remote, request, body, status }) => {
        await releases.reportClientError({ ...body, remote }, request.headers.get("authorization"));
        return status(204, undefined);
      },
      { reportedBy: "errors", ...model.clientErrorRoute.options() },
    )
    .post(
      "/client-loads",
      async ({ remote, body, status }) => {
        await releases.reportLoad(remote, body.version, body.ticket);
        return status(204, undefined);
      },
      { reportedBy: "loads", ...model.clientLoadRoute.options() },
    )
    .onStart(() => {
      // Read once at start, so the first page after a restart answers from memory.
      void rollouts.all().catch(() => {});
      stopPurge ??= scheduleClientReportPurge(sql, config.clientReportRetentionDays);
    })
    .onStop(async () => {
      const stop = stopPurge;
      stopPurge = null;
      await stop?.();
    });
}
