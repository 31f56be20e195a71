import { isIP } from "node:net";

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

/** `::ffff:10.0.0.1` (an IPv4 peer on a dual-stack socket) is `10.0.0.1`. */
export function normalizeAddress(address: string): string {
  const trimmed = address.trim();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(trimmed);
  return (mapped?.[1] ?? trimmed).toLowerCase();
}

/** True for a single IPv4 or IPv6 address (no ranges, no names). */
export function isIpAddress(value: string): boolean {
  return isIP(normalizeAddress(value)) !== 0;
}

/**
 * The address a request comes from, as the per-address limits (contact form, failed logins)
 * count it. Directly connected clients are their socket's peer and X-Forwarded-For is ignored:
 * anyone can send it. Only when the peer is one of `trustedProxies` (TRUSTED_PROXIES, the reverse
 * proxies in front of the API) is the header read, from its right end: the first address there
 * that is not itself a trusted proxy is the one that proxy saw connect.
 */
export function clientAddressOf(
  request: Request,
  server: PeerSource | null | undefined,
  trustedProxies: ReadonlySet<string>,
): string {
  const peer = server?.requestIP(request)?.address;
  if (peer === undefined) return "local";
  const address = normalizeAddress(peer);
  if (!trustedProxies.has(address)) return address;
  const forwarded = (request.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map(normalizeAddress)
    .filter((hop) => hop !== "");
  for (let index = forwarded.length - 1; index >= 0; index--) {
    const hop = forwarded[index] ?? "";
    if (!isIpAddress(hop)) return address;
    if (!trustedProxies.has(hop)) return hop;
  }
  return address;
}
