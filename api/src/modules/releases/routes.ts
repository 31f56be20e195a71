import { clientErrorMaxBytes } from "@klarwerk/kit";
import { Elysia } from "elysia";
import type { Deps } from "../../deps.ts";
import { jsonBody } from "../../http/body-policy.ts";
import { idParams } from "../../http/ids.ts";
import { readArchiveBody } from "./archive.ts";
import { releaseCallers } from "./callers.ts";
import { deployKeyIdParam, releaseDocs } from "./docs.ts";
import { scheduleClientReportPurge } from "./retention.ts";
import type { RolloutState } from "./rollout-state.ts";
import type { ReleasesService } from "./service.ts";
import * as bodies from "./validation.ts";

/** The upload reads its body itself (octet-stream); the body policy lets it through on this path only. */
export const releaseUploadPath = "/api/releases/upload";

export { clientLoadLimit, clientReportLimit } from "./callers.ts";

/**
 * Releases per remote (docs/decisions/0038-releases-per-remote.md; docs/architecture.md,
 * "Releases and rollout"). The flows are in service.ts, the rollout's changes in transitions.ts,
 * the documentation in docs.ts. Release and rollout routes take a deploy key of the remote or an
 * admin's session (`{ deployActor }`, callers.ts); deploy keys are admins' only; the shell's
 * reports are public, limited per address (`{ reportedBy }`) and in size, and deleted after
 * `CLIENT_REPORT_RETENTION_DAYS`.
 */
export function releasesModule(
  { sql, auth, rateLimits, config }: Pick<Deps, "sql" | "auth" | "rateLimits" | "config">,
  releases: ReleasesService,
  rollouts: RolloutState,
) {
  const docs = releaseDocs();
  const byRemote = { deployActor: "params", params: docs.remoteParams } as const;
  let stopPurge: (() => Promise<void>) | null = null;
  return new Elysia({ name: "releases", prefix: "/api" })
    .use(auth.guard)
    .use(idParams)
    .use(releaseCallers(releases, { rateLimits, config }))
    .get("/releases", () => releases.overview(), { admin: true, detail: docs.overview })
    .post(
      "/releases",
      async ({ deployer, remote, body, status }) =>
        status(201, { release: await releases.registerExternal(deployer, remote, body) }),
      { deployActor: "body", ...jsonBody(bodies.externalReleaseBody), detail: docs.external },
    )
    .post(
      "/releases/upload",
      async ({ deployer, remote, query, request, status }) => {
        const archive = await readArchiveBody(request);
        return status(201, { release: await releases.upload(deployer, remote, query, archive) });
      },
      { deployActor: "query", parse: "none", detail: docs.upload },
    )
    .post("/releases/:remote/activate", ({ deployer, remote, body }) => releases.activate(deployer, remote, body), {
      ...byRemote,
      ...jsonBody(bodies.activateBody),
      detail: docs.activate,
    })
    .post("/releases/:remote/canary", ({ deployer, remote, body }) => releases.startCanary(deployer, remote, body), {
      ...byRemote,
      ...jsonBody(bodies.canaryBody),
      detail: docs.canary,
    })
    .post("/releases/:remote/promote", ({ deployer, remote }) => releases.promote(deployer, remote), {
      ...byRemote,
      detail: docs.promote,
    })
    .post("/releases/:remote/stop", ({ deployer, remote }) => releases.stopCanary(deployer, remote), {
      ...byRemote,
      detail: docs.stop,
    })
    .delete(
      "/releases/:remote/:version",
      async ({ deployer, remote, params, status }) => {
        await releases.deleteRelease(deployer, remote, params.version);
        return status(204, undefined);
      },
      { deployActor: "params", params: docs.releaseParams, detail: docs.deleteRelease },
    )
    .get("/deploy-keys", async () => ({ keys: await releases.listKeys() }), { admin: true, detail: docs.listKeys })
    .post(
      "/deploy-keys",
      async ({ user, actor, body, status }) => status(201, await releases.createKey(user, body, actor)),
      { admin: true, ...jsonBody(bodies.deployKeyBody), detail: docs.createKey },
    )
    .delete(
      "/deploy-keys/:id",
      async ({ id, actor, status }) => {
        await releases.revokeKey(id, actor);
        return status(204, undefined);
      },
      { admin: true, idParam: deployKeyIdParam, detail: docs.revokeKey },
    )
    .post(
      "/client-errors",
      async ({ remote, request, body, status }) => {
        await releases.reportClientError({ ...body, remote }, request.headers.get("authorization"));
        return status(204, undefined);
      },
      { reportedBy: "errors", ...jsonBody(bodies.clientErrorBody, clientErrorMaxBytes), detail: docs.clientError },
    )
    .post(
      "/client-loads",
      async ({ remote, body, status }) => {
        await releases.reportLoad(remote, body.version, body.ticket);
        return status(204, undefined);
      },
      { reportedBy: "loads", ...jsonBody(bodies.clientLoadBody), detail: docs.clientLoad },
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
