import { type AddressRange, inRanges, isIpAddress, limitKeyOf, normalizeAddress } from "./address-range.ts";

/** What Elysia hands a route as `server`: Bun's server, which knows each request's peer. */
export interface PeerSource {
  requestIP(request: Request): { address: string } | null;
}

/**
 * Whether Bun's server received this request from a socket: false for a request built in this
 * process and handed to the app (`app.handle` in tests), whose body may be the caller's own bytes.
 */
export function receivedFromPeer(request: Request, server: PeerSource | null | undefined): boolean {
  return server?.requestIP(request) != null;
}

/**
 * The address a request comes from. Directly connected clients are their socket's peer and
 * X-Forwarded-For is ignored: anyone can send it. Only when the peer lies in `trustedProxies`
 * (TRUSTED_PROXIES: the reverse proxies in front of the API, addresses or CIDR ranges) is the
 * header read, from its right end: the first address there that is not itself a trusted proxy is
 * the one that proxy saw connect.
 */
export function peerAddressOf(
  request: Request,
  server: PeerSource | null | undefined,
  trustedProxies: readonly AddressRange[],
): string {
  const peer = server?.requestIP(request)?.address;
  if (peer === undefined) return "local";
  const address = normalizeAddress(peer);
  if (!inRanges(trustedProxies, address)) return address;
  const forwarded = (request.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map(normalizeAddress)
    .filter((hop) => hop !== "");
  for (let index = forwarded.length - 1; index >= 0; index--) {
    const hop = forwarded[index] ?? "";
    if (!isIpAddress(hop)) return address;
    if (!inRanges(trustedProxies, hop)) return hop;
  }
  return address;
}

/**
 * The client as the per-address limits (contact form, registrations, failed logins, reset
 * links) count it: `peerAddressOf`, an IPv6 address grouped to its /64 (`limitKeyOf`).
 */
export function clientAddressOf(
  request: Request,
  server: PeerSource | null | undefined,
  trustedProxies: readonly AddressRange[],
): string {
  const address = peerAddressOf(request, server, trustedProxies);
  return address === "local" ? address : limitKeyOf(address);
}
