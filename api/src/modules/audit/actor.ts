import { auditMessages } from "@klarwerk/kit";
import type { AddressRange } from "../../http/address-range.ts";
import { type PeerSource, peerAddressOf } from "../../http/client-address.ts";
import type { AuditActor } from "./store.ts";

/** A signed-in account acting from the request's client (the auth guard hands routes this as `actor`). */
export function userActor(
  user: { id: number; name: string },
  request: Request,
  server: PeerSource | null | undefined,
  trustedProxies: readonly AddressRange[],
): AuditActor {
  return { kind: "user", id: user.id, name: user.name, address: peerAddressOf(request, server, trustedProxies) };
}

/** Someone not signed in: a sign-in attempt, a registration, the contact form, a reset link. */
export function visitorActor(
  request: Request,
  server: PeerSource | null | undefined,
  trustedProxies: readonly AddressRange[],
): AuditActor {
  return {
    kind: "visitor",
    id: null,
    name: auditMessages.visitor,
    address: peerAddressOf(request, server, trustedProxies),
  };
}

/** The server itself: scheduled backups, the retention purge. */
export const systemActor: AuditActor = { kind: "system", id: null, name: auditMessages.system, address: null };
