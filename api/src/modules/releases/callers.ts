import { abuseLimitWindowMinutes } from "@klarwerk/kit";
import { Elysia } from "elysia";
import type { Deps } from "../../deps.ts";
import { limitKeyOf, networkOf } from "../../http/address-range.ts";
import { clientAddressOf, type PeerSource, peerAddressOf } from "../../http/client-address.ts";
import { tooManyRequests } from "../../http/rate-limit.ts";
import { releaseMessages as messages } from "./messages.ts";
import { keyOrAdminDocs, parseRemote } from "./model.ts";
import type { TicketSigner } from "./rollout-state.ts";
import type { ReleasesService } from "./service.ts";
import type { RolloutRow } from "./store.ts";
import type { CanaryTickets } from "./tickets.ts";

const clientReportWindowMs = abuseLimitWindowMinutes.clientReports * 60 * 1000;
/** Per address (the privacy notice states the window): a browser's error and load reports. */
export const clientReportLimit = { name: "client-errors", max: 120, windowMs: clientReportWindowMs };
export const clientLoadLimit = { name: "client-loads", max: 600, windowMs: clientReportWindowMs };
/**
 * Per address (an IPv6 one per /64), the page loads `/remotes.json` hands tickets to while a canary
 * runs: a full page load every 5 seconds for 10 minutes, more than an office behind one address
 * loads (the portal navigates without reloading). A load past it gets the active release, no ticket.
 */
export const canaryTicketLimit = { name: "canary-tickets", max: 120, windowMs: clientReportWindowMs };

/** Who a `/remotes.json` answer is for: the visitor id that picks its releases, and its tickets' signer. */
export interface CanaryVisitor {
  /** null: the active release of every remote (no id, or past `canaryTicketLimit`). */
  visitor: string | null;
  sign: TicketSigner | null;
}

export type CanaryVisitors = (
  request: Request,
  server: PeerSource | null,
  visitor: string | null,
  rollouts: readonly RolloutRow[],
) => Promise<CanaryVisitor>;

/**
 * Tickets are bought, not free (docs/decisions/0067-canary-networks.md): while any remote runs a
 * canary, each page load with a visitor id counts against `canaryTicketLimit` of its address, and
 * its tickets name its network (an IPv4 /24, an IPv6 /64), the unit a canary's analysis counts. Past
 * the limit the visitor gets the active releases without tickets: the site works, the farm gets no
 * canary and nothing that counts. Without a canary nothing is counted (no query per page load).
 */
export function canaryVisitors(tickets: CanaryTickets, { rateLimits, config }: Pick<Deps, "rateLimits" | "config">) {
  const limit = rateLimits(canaryTicketLimit);
  const noTickets = { visitor: null, sign: null };
  const admit: CanaryVisitors = async (request, server, visitor, rollouts) => {
    if (visitor === null || !rollouts.some((rollout) => rollout.canary)) return { visitor, sign: null };
    const address = peerAddressOf(request, server, config.trustedProxies);
    const local = address === "local";
    let allowed: boolean;
    try {
      allowed = (await limit.hit(local ? address : limitKeyOf(address))).allowed;
    } catch (error) {
      // The pages must load even when the counter cannot be reached: then without a canary.
      console.error("[api] could not count a canary ticket:", error);
      return noTickets;
    }
    if (!allowed) return noTickets;
    const network = local ? address : networkOf(address);
    return { visitor, sign: (remote, version) => tickets.issue(remote, version, network) };
  };
  return admit;
}

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
