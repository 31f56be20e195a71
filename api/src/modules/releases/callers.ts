import { abuseLimitWindowMinutes } from "@klarwerk/kit";
import { Elysia } from "elysia";
import type { Deps } from "../../deps.ts";
import { clientAddressOf, type PeerSource } from "../../http/client-address.ts";
import { tooManyRequests } from "../../http/rate-limit.ts";
import { releaseMessages as messages } from "./messages.ts";
import { keyOrAdminDocs, parseRemote } from "./model.ts";
import type { ReleasesService } from "./service.ts";

const clientReportWindowMs = abuseLimitWindowMinutes.clientReports * 60 * 1000;
/** Per address (the privacy notice states the window): a browser's error and load reports. */
export const clientReportLimit = { name: "client-errors", max: 120, windowMs: clientReportWindowMs };
export const clientLoadLimit = { name: "client-loads", max: 600, windowMs: clientReportWindowMs };

/** Where a release route names its remote: its path, its JSON body or (the upload) its query. */
type RemoteIn = "params" | "body" | "query";

type Caller = { request: Request; server: PeerSource | null };

function remoteField(fields: unknown): unknown {
  return typeof fields === "object" && fields !== null && "remote" in fields ? fields.remote : undefined;
}

/**
 * Who calls the releases routes, each resolved once the request was accepted (after the body's
 * validation, as the handlers' own calls did: a malformed body is a 422 before a key is looked at,
 * a refusal recorded or a report counted); both hand the handler the `remote`, parsed.
 * - `{ deployActor: "params" }` (or `"body"`, `"query"`: where the remote is named): a deploy key
 *   of that remote or an admin's session (`ReleasesService.actorOf`), documented with its 401 and
 *   403, handed over as `deployer`;
 * - `{ reportedBy: "errors" }` (or `"loads"`): the shell's public reports, counted per client
 *   address (`clientReportLimit`, `clientLoadLimit`), a 429 past the limit.
 */
export function releaseCallers(releases: ReleasesService, { rateLimits, config }: Pick<Deps, "rateLimits" | "config">) {
  const reports = {
    errors: { limit: rateLimits(clientReportLimit), tooMany: messages.tooManyClientErrors },
    loads: { limit: rateLimits(clientLoadLimit), tooMany: messages.tooManyClientLoads },
  };
  return new Elysia().macro({
    deployActor: (remoteIn: RemoteIn) => ({
      detail: keyOrAdminDocs(),
      resolve: async (context: Caller & Record<RemoteIn, unknown>) => {
        const named = remoteField(context[remoteIn]);
        const deployer = await releases.actorOf(context.request, context.server, named);
        const remote = parseRemote(named);
        releases.requireRemote(deployer, remote);
        return { deployer, remote };
      },
    }),
    reportedBy: (kind: keyof typeof reports) => ({
      resolve: async ({ request, server, body }: Caller & { body: unknown }) => {
        const remote = parseRemote(remoteField(body));
        const hit = await reports[kind].limit.hit(clientAddressOf(request, server, config.trustedProxies));
        if (!hit.allowed) throw tooManyRequests(reports[kind].tooMany, hit);
        return { remote };
      },
    }),
  });
}
