import { isIP } from "node:net";

/**
 * An IPv4 or IPv6 network: `10.0.0.0/8`, `fd00::/8`, or a single address (a /32 or /128). Kept
 * as the address's bits in a bigint, so matching is one shift and compare.
 */
export interface AddressRange {
  family: 4 | 6;
  /** The network's bits: the address with every bit past `prefix` cleared. */
  network: bigint;
  prefix: number;
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

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a trailing dotted IPv4 read). */
function ipv6Groups(address: string): number[] {
  let text = address.replace(/%.*$/, "");
  const dotted = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const parts = (part: string) => (part === "" ? [] : part.split(":").map((group) => Number.parseInt(group, 16)));
  const front = parts(head);
  if (tail === undefined) return front;
  const back = parts(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/** An address (already valid, normalized) as its family and bits. */
function addressBits(address: string): { family: 4 | 6; bits: bigint } {
  if (isIP(address) === 4) {
    const bits = address.split(".").reduce((sum, octet) => (sum << 8n) | BigInt(Number(octet)), 0n);
    return { family: 4, bits };
  }
  const bits = ipv6Groups(address).reduce((sum, group) => (sum << 16n) | BigInt(group), 0n);
  return { family: 6, bits };
}

const familyBits = { 4: 32, 6: 128 } as const;

function clearHostBits(bits: bigint, family: 4 | 6, prefix: number): bigint {
  const hostBits = BigInt(familyBits[family] - prefix);
  return (bits >> hostBits) << hostBits;
}

/** `10.0.0.0/8`, `2001:db8::/32` or a single address as a range; null when it is neither. */
export function parseAddressRange(entry: string): AddressRange | null {
  const [rawAddress = "", rawPrefix, ...rest] = entry.trim().split("/");
  if (rest.length > 0) return null;
  const address = normalizeAddress(rawAddress);
  if (isIP(address) === 0) return null;
  const { family, bits } = addressBits(address);
  if (rawPrefix !== undefined && !/^\d{1,3}$/.test(rawPrefix)) return null;
  const prefix = rawPrefix === undefined ? familyBits[family] : Number(rawPrefix);
  if (prefix > familyBits[family]) return null;
  return { family, network: clearHostBits(bits, family, prefix), prefix };
}

/** Whether `address` (a single address) lies in one of `ranges`. */
export function inRanges(ranges: readonly AddressRange[], address: string): boolean {
  const normalized = normalizeAddress(address);
  if (isIP(normalized) === 0) return false;
  const { family, bits } = addressBits(normalized);
  return ranges.some((range) => range.family === family && clearHostBits(bits, family, range.prefix) === range.network);
}

/**
 * The key an address is counted under by the per-address limits: an IPv4 address itself, an IPv6
 * address its /64 (`2001:db8:1:2::/64`). A /64 is what one line or one customer network gets
 * (RFC 6177, RIPE-690): every address in it is a visitor's to pick, so counting single IPv6
 * addresses would let a visitor step through 2^64 fresh allowances.
 */
export function limitKeyOf(address: string): string {
  const normalized = normalizeAddress(address);
  if (isIP(normalized) !== 6) return normalized;
  const groups = ipv6Groups(normalized).slice(0, 4);
  return `${groups.map((group) => group.toString(16)).join(":")}::/64`;
}

/**
 * The network an address is counted in where one vote per network is wanted (a canary's
 * analysis): an IPv4 address its /24 (`203.0.113.0/24`), an IPv6 address its /64 (`limitKeyOf`).
 * A /24 is the smallest block routed on the internet: what one line, office or host of a cloud
 * provider has, so a stranger cannot step through its addresses for more votes.
 */
export function networkOf(address: string): string {
  const normalized = normalizeAddress(address);
  if (isIP(normalized) !== 4) return limitKeyOf(normalized);
  const [a, b, c] = normalized.split(".");
  return `${a}.${b}.${c}.0/24`;
}
