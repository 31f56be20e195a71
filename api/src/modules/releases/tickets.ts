import { createHmac, timingSafeEqual } from "node:crypto";
import { type RemoteName, remoteNames } from "@klarwerk/kit";

/**
 * A canary ticket: what `/remotes.json` hands a page load per remote it serves while that remote
 * runs a canary, and what the shell sends back with that remote's load and error reports. Only a
 * report carrying one counts for a canary's analysis: the API signed it, for this remote and
 * version, for the network the page load came from (a keyed pseudonym of its /24 or /64, so the
 * network itself is never stored), at one time. A stranger can neither make one up nor move one
 * to another network, version or remote (docs/decisions/0039-canary-tickets.md,
 * 0067-canary-networks.md).
 */
export interface CanaryTicket {
  remote: RemoteName;
  version: string;
  /** The network's pseudonym: HMAC of its `networkOf` under the tickets' key. */
  network: string;
  /** When `/remotes.json` issued it (ms since the epoch, whole seconds). */
  issuedAt: number;
}

/** A ticket counts this long after it was issued: a page load's reports come within it. */
export const canaryTicketMaxAgeMs = 60 * 60_000;

/** A network counts once per release in each such window (the hour its ticket was issued in). */
export const canaryVisitWindowMs = 60 * 60_000;

/**
 * The key's label: the tickets' key is derived from JWT_SECRET, apart from the sessions' use of it.
 * v2: tickets name a network, no longer a visitor; a v1 ticket is no ticket.
 */
const keyLabel = "klarwerk canary tickets v2";

export interface CanaryTickets {
  /** The ticket for a page load of `remote` at `version` from `network` (`networkOf` its address). */
  issue(remote: RemoteName, version: string, network: string): string;
  /** The ticket's content if the signature holds and it is no older than `canaryTicketMaxAgeMs`, else null. */
  verify(ticket: unknown): CanaryTicket | null;
}

interface TicketPayload {
  r: string;
  v: string;
  n: string;
  t: number;
}

export function canaryTickets(jwtSecret: string, now: () => number = Date.now): CanaryTickets {
  const key = createHmac("sha256", jwtSecret).update(keyLabel).digest();
  const sign = (text: string) => createHmac("sha256", key).update(`ticket:${text}`).digest();
  return {
    issue(remote, version, network) {
      const pseudonym = createHmac("sha256", key).update(`network:${network}`).digest("base64url").slice(0, 22);
      const payload: TicketPayload = { r: remote, v: version, n: pseudonym, t: Math.floor(now() / 1000) };
      const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
      return `${body}.${sign(body).toString("base64url")}`;
    },
    verify(ticket) {
      if (typeof ticket !== "string" || ticket.length > 600) return null;
      const [body, signature, ...rest] = ticket.split(".");
      if (!body || !signature || rest.length > 0) return null;
      const expected = sign(body);
      const given = Buffer.from(signature, "base64url");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let payload: Partial<TicketPayload>;
      try {
        payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Partial<TicketPayload>;
      } catch {
        return null;
      }
      const remote = remoteNames.find((name) => name === payload.r);
      const { v: version, n: network, t: issued } = payload;
      if (!remote || typeof version !== "string" || typeof network !== "string" || typeof issued !== "number") {
        return null;
      }
      const issuedAt = issued * 1000;
      const age = now() - issuedAt;
      // A little ahead is another process's clock; far ahead is no ticket of ours.
      if (age > canaryTicketMaxAgeMs || age < -60_000) return null;
      return { remote, version, network, issuedAt };
    },
  };
}

/** The start of the window a ticket's visit counts in. */
export function visitWindowOf(ticket: CanaryTicket): Date {
  return new Date(Math.floor(ticket.issuedAt / canaryVisitWindowMs) * canaryVisitWindowMs);
}
