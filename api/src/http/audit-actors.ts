import { auditMessages } from "@klarwerk/kit";
import type { AuditActor } from "../db/audit-append.ts";
import type { AddressRange } from "./address-range.ts";
import { type PeerSource, peerAddressOf } from "./client-address.ts";

/** A signed-in account acting from the request's client (the auth guard hands routes this as `actor`). */
export function userActor(
  user: { id: number; name: string },
  request: Request,
  server: PeerSource | null | undefined,
  trustedProxies: readonly AddressRange[],
): AuditActor {
  return { kind: "user", id: user.id, name: user.name, address: peerAddressOf(request, server, trustedProxies) };
}

/**
 * A deploy key releasing or rolling out its remote: an actor of its own kind (not an account,
 * so never in the person filter), with the key's id and the name the releases module shows for
 * it, from the request's client as staff are.
 */
export function deployKeyActor(
  key: { id: number; label: string },
  request: Request,
  server: PeerSource | null | undefined,
  trustedProxies: readonly AddressRange[],
): AuditActor {
  return { ...userActor({ id: key.id, name: key.label }, request, server, trustedProxies), kind: "deploy_key" };
}

/**
 * Someone not signed in: a sign-in attempt, a registration, the contact form, a reset link. Their
 * address is not kept: the privacy notice (/datenschutz) promises that a visitor's address is
 * only counted by the abuse limits and deleted when their window ends, and the contact form keeps
 * only what the visitor wrote. The event still says what happened, when, to which account.
 */
export const visitorActor: AuditActor = { kind: "visitor", id: null, name: auditMessages.visitor, address: null };

/** The server itself: scheduled backups, the retention purge. */
export const systemActor: AuditActor = { kind: "system", id: null, name: auditMessages.system, address: null };
