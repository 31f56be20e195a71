import { abuseLimitWindowMinutes, clientErrorMaxBytes, releaseArchiveMaxBytes } from "@klarwerk/kit";
import { Elysia, t } from "elysia";
import type { Deps } from "../../deps.ts";
import { bearerToken } from "../../http/auth.ts";
import { jsonBody } from "../../http/body-policy.ts";
import { clientAddressOf } from "../../http/client-address.ts";
import { HttpError } from "../../http/errors.ts";
import { idParams } from "../../http/ids.ts";
import { tooManyRequests } from "../../http/rate-limit.ts";
import { deployKeyIdParam, releaseDocs } from "./docs.ts";
import { releaseMessages as messages } from "./messages.ts";
import { scheduleClientReportPurge } from "./retention.ts";
import type { RolloutState } from "./rollout-state.ts";
import { parseRemote, type ReleaseService } from "./service.ts";

/** The upload reads its body itself (octet-stream); the body policy lets it through on this path only. */
export const releaseUploadPath = "/api/releases/upload";

const clientReportWindowMs = abuseLimitWindowMinutes.clientReports * 60 * 1000;
/** Per address (the privacy notice states the window): a browser's error and load reports. */
export const clientReportLimit = { name: "client-errors", max: 120, windowMs: clientReportWindowMs };
export const clientLoadLimit = { name: "client-loads", max: 600, windowMs: clientReportWindowMs };

/** The archive, read whole up to the limit: a declared length over it is refused before a byte is read. */
async function readArchive(request: Request): Promise<Uint8Array> {
  const tooLarge = () =>
    new HttpError(413, "payload-too-large", messages.archiveTooLarge(releaseArchiveMaxBytes / 1024 / 1024));
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > releaseArchiveMaxBytes) throw tooLarge();
  if (!request.body) throw new HttpError(422, "release-archive-unreadable", messages.archiveUnreadable);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of request.body) {
    size += chunk.byteLength;
    if (size > releaseArchiveMaxBytes) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

const clientErrorBody = t.Object({
  remote: t.String({ maxLength: 40, error: messages.clientErrorInvalid }),
  version: t.Union([t.String({ maxLength: 64 }), t.Null()], { error: messages.clientErrorInvalid }),
  kind: t.Union([t.Literal("load"), t.Literal("render")], { error: messages.clientErrorInvalid }),
  route: t.String({ maxLength: 500, error: messages.clientErrorInvalid }),
  // The whole report is held to clientErrorMaxBytes (413) as it arrives: jsonBody's limit.
  message: t.String({ maxLength: 8000, error: messages.clientErrorInvalid }),
  browser: t.String({ maxLength: 500, error: messages.clientErrorInvalid }),
  ticket: t.Optional(t.Union([t.String({ maxLength: 600 }), t.Null()], { error: messages.clientErrorInvalid })),
});

/**
 * Releases per remote (docs/decisions/0038-releases-per-remote.md; docs/architecture.md, "Releases and rollout"). The flows are in
 * service.ts; the documentation in docs.ts. Release and rollout routes take a deploy key of the
 * remote or an admin's session (`actorOf`); deploy keys are admins' only; the shell's reports are
 * public, limited per address and in size, and deleted after `CLIENT_REPORT_RETENTION_DAYS`.
 */
export function releasesModule(
  { sql, auth, rateLimits, config }: Pick<Deps, "sql" | "auth" | "rateLimits" | "config">,
  releases: ReleaseService,
  rollouts: RolloutState,
) {
  const docs = releaseDocs();
  let stopPurge: (() => Promise<void>) | null = null;
  const reports = rateLimits(clientReportLimit);
  const loads = rateLimits(clientLoadLimit);
  return new Elysia({ name: "releases", prefix: "/api" })
    .use(auth.guard)
    .use(idParams)
    .get("/releases", () => releases.overview(), { admin: true, detail: docs.overview })
    .post(
      "/releases",
      async ({ request, server, body, status }) => {
        const actor = await releases.actorOf(request, server, body.remote);
        const release = await releases.registerExternal(actor, {
          remote: parseRemote(body.remote),
          version: body.version,
          note: body.note,
          manifestUrl: body.manifest_url,
        });
        return status(201, { release });
      },
      {
        ...jsonBody(
          t.Object({
            remote: t.String({ error: messages.unknownRemote }),
            version: t.String({ error: messages.invalidVersion }),
            note: t.Optional(t.String({ error: messages.noteTooLong })),
            manifest_url: t.String({ error: messages.manifestUrlNotHttps }),
          }),
        ),
        detail: docs.external,
      },
    )
    .post(
      "/releases/upload",
      async ({ request, server, query, status }) => {
        const actor = await releases.actorOf(request, server, query.remote);
        const remote = parseRemote(query.remote);
        releases.requireRemote(actor, remote);
        const archive = await readArchive(request);
        const release = await releases.upload(actor, { remote, version: query.version, note: query.note, archive });
        return status(201, { release });
      },
      { parse: "none", detail: docs.upload },
    )
    .post(
      "/releases/:remote/activate",
      async ({ request, server, params, body }) => ({
        rollout: await releases.activate(
          await releases.actorOf(request, server, params.remote),
          parseRemote(params.remote),
          body.version,
        ),
      }),
      {
        params: docs.remoteParams,
        ...jsonBody(t.Object({ version: t.String({ error: messages.invalidVersion }) })),
        detail: docs.activate,
      },
    )
    .post(
      "/releases/:remote/canary",
      async ({ request, server, params, body }) => ({
        rollout: await releases.startCanary(
          await releases.actorOf(request, server, params.remote),
          parseRemote(params.remote),
          body.version,
          body.share,
        ),
      }),
      {
        params: docs.remoteParams,
        ...jsonBody(
          t.Object({
            version: t.String({ error: messages.invalidVersion }),
            share: t.Number({ error: messages.invalidShare }),
          }),
        ),
        detail: docs.canary,
      },
    )
    .post(
      "/releases/:remote/promote",
      async ({ request, server, params }) => ({
        rollout: await releases.promote(
          await releases.actorOf(request, server, params.remote),
          parseRemote(params.remote),
        ),
      }),
      { params: docs.remoteParams, detail: docs.promote },
    )
    .post(
      "/releases/:remote/stop",
      async ({ request, server, params }) => ({
        rollout: await releases.stopCanary(
          await releases.actorOf(request, server, params.remote),
          parseRemote(params.remote),
        ),
      }),
      { params: docs.remoteParams, detail: docs.stop },
    )
    .delete(
      "/releases/:remote/:version",
      async ({ request, server, params, status }) => {
        await releases.deleteRelease(
          await releases.actorOf(request, server, params.remote),
          parseRemote(params.remote),
          params.version,
        );
        return status(204, undefined);
      },
      { params: docs.releaseParams, detail: docs.deleteRelease },
    )
    .get("/deploy-keys", async () => ({ keys: await releases.listKeys() }), { admin: true, detail: docs.listKeys })
    .post(
      "/deploy-keys",
      async ({ user, actor, body, status }) => status(201, await releases.createKey(user, body, actor)),
      {
        admin: true,
        ...jsonBody(
          t.Object({
            remote: t.String({ error: messages.unknownRemote }),
            name: t.String({ error: messages.invalidKeyName }),
          }),
        ),
        detail: docs.createKey,
      },
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
      async ({ request, server, body, status }) => {
        const remote = parseRemote(body.remote);
        const hit = await reports.hit(clientAddressOf(request, server, config.trustedProxies));
        if (!hit.allowed) throw tooManyRequests(messages.tooManyClientErrors, hit);
        const token = bearerToken(request.headers.get("authorization"));
        const claims = token ? await auth.tokens.verify(token) : null;
        await releases.reportClientError({ ...body, remote, userId: claims?.userId ?? null });
        return status(204, undefined);
      },
      { ...jsonBody(clientErrorBody, clientErrorMaxBytes), detail: docs.clientError },
    )
    .post(
      "/client-loads",
      async ({ request, server, body, status }) => {
        const remote = parseRemote(body.remote);
        const hit = await loads.hit(clientAddressOf(request, server, config.trustedProxies));
        if (!hit.allowed) throw tooManyRequests(messages.tooManyClientLoads, hit);
        await releases.reportLoad(remote, body.version, body.ticket);
        return status(204, undefined);
      },
      {
        ...jsonBody(
          t.Object({
            remote: t.String({ maxLength: 40, error: messages.unknownRemote }),
            version: t.String({ maxLength: 64, error: messages.invalidVersion }),
            ticket: t.Optional(t.Union([t.String({ maxLength: 600 }), t.Null()], { error: messages.invalidTicket })),
          }),
        ),
        detail: docs.clientLoad,
      },
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
