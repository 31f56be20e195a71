import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { type AddressRange, inRanges, normalizeAddress, parseAddressRange } from "../../http/address-range.ts";

/** An external manifest is small (a few KB); more is not one. */
export const maxManifestBytes = 1024 * 1024;

/**
 * Where a manifest is never fetched from: this host, private and carrier-grade NAT networks,
 * link-local (cloud metadata services), unspecified and multicast addresses, and IPv4-mapped
 * IPv6 written in hex (the dotted form is read as the IPv4 address it maps).
 */
const refusedRanges: readonly AddressRange[] = [
  "0.0.0.0/8",
  "10.0.0.0/8",
  "100.64.0.0/10",
  "127.0.0.0/8",
  "169.254.0.0/16",
  "172.16.0.0/12",
  "192.168.0.0/16",
  "224.0.0.0/3",
  "::/128",
  "::1/128",
  "::ffff:0:0/96",
  "64:ff9b::/96",
  "fc00::/7",
  "fe80::/10",
  "ff00::/8",
].flatMap((range) => parseAddressRange(range) ?? []);

export function isRefusedAddress(address: string): boolean {
  return inRanges(refusedRanges, normalizeAddress(address));
}

export interface ManifestFetchOptions {
  /** Tests only: their TLS server listens on the loopback address. */
  allowPrivateAddresses?: boolean;
  /** Tests only: the certificate authority of their TLS server. */
  ca?: string;
  timeoutMs?: number;
}

/** Why a fetch failed: for the server's log; the caller gets one message for every reason. */
export class ManifestFetchError extends Error {
  override name = "ManifestFetchError";
}

async function refusePrivateHost(hostname: string): Promise<void> {
  const host = hostname.replace(/^\[|\]$/g, "");
  const addresses =
    isIP(host) !== 0 ? [host] : (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
  if (addresses.length === 0 || addresses.some(isRefusedAddress))
    throw new ManifestFetchError(`${hostname}: private address`);
}

/** The body, read as it arrives and given up (the connection closed) as soon as it passes the limit. */
async function readCapped(response: Response): Promise<string> {
  const declared = Number(response.headers.get("content-length") ?? Number.NaN);
  if (declared > maxManifestBytes) {
    await response.body?.cancel();
    throw new ManifestFetchError("declared larger than 1 MiB");
  }
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxManifestBytes) {
      await reader.cancel();
      throw new ManifestFetchError("larger than 1 MiB");
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/**
 * Fetches an external release's manifest from the team's CDN: https only and from an origin
 * RELEASE_ORIGINS lists (both checked before), never from a private, loopback or link-local
 * address (the host is resolved first), no redirects (the URL registered is the URL visitors
 * load), 10 s, at most 1 MiB as it arrives. Every failure is a `ManifestFetchError` or a network
 * error; the caller answers all of them alike.
 *
 * The host is resolved again by the fetch itself: a name that changes its answer between the
 * two lookups could still reach a private address, but only a name on an origin an admin listed.
 */
export function externalManifestFetcher(options: ManifestFetchOptions = {}): (url: string) => Promise<string> {
  return async (url) => {
    if (!options.allowPrivateAddresses) await refusePrivateHost(new URL(url).hostname);
    const init: RequestInit & { tls?: { ca: string } } = {
      redirect: "error",
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      headers: { Accept: "application/json" },
      ...(options.ca ? { tls: { ca: options.ca } } : {}),
    };
    const response = await fetch(url, init);
    if (!response.ok) {
      await response.body?.cancel();
      throw new ManifestFetchError(`HTTP ${response.status}`);
    }
    return readCapped(response);
  };
}

export const fetchExternalManifest = externalManifestFetcher();
