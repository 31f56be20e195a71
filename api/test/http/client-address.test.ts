import { describe, expect, test } from "bun:test";
import { type AddressRange, networkOf, parseAddressRange } from "../../src/http/address-range.ts";
import { clientAddressOf, type PeerSource } from "../../src/http/client-address.ts";

function from(peer: string | null): PeerSource {
  return { requestIP: () => (peer === null ? null : { address: peer }) };
}

function request(forwardedFor?: string): Request {
  return new Request("http://localhost/api/contact", {
    headers: forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor },
  });
}

function ranges(...entries: string[]): AddressRange[] {
  return entries.map((entry) => {
    const range = parseAddressRange(entry);
    if (range === null) throw new Error(`not a range: ${entry}`);
    return range;
  });
}

const proxy = ranges("10.0.0.2");

describe("clientAddressOf", () => {
  test("a direct client is its socket's peer; its X-Forwarded-For counts for nothing", () => {
    expect(clientAddressOf(request(), from("203.0.113.7"), proxy)).toBe("203.0.113.7");
    expect(clientAddressOf(request("198.51.100.1"), from("203.0.113.7"), proxy)).toBe("203.0.113.7");
    expect(clientAddressOf(request("198.51.100.1"), from("203.0.113.7"), [])).toBe("203.0.113.7");
  });

  test("behind a trusted proxy, the address that proxy saw connect", () => {
    expect(clientAddressOf(request("198.51.100.1"), from("10.0.0.2"), proxy)).toBe("198.51.100.1");
    // What the client wrote itself comes first; the proxy appends the real peer at the end.
    expect(clientAddressOf(request("1.2.3.4, 198.51.100.1"), from("10.0.0.2"), proxy)).toBe("198.51.100.1");
    // A chain of trusted proxies is walked from the right.
    const chain = ranges("10.0.0.2", "10.0.0.3");
    expect(clientAddressOf(request("1.2.3.4, 198.51.100.1, 10.0.0.3"), from("10.0.0.2"), chain)).toBe("198.51.100.1");
  });

  test("an IPv4 peer on a dual-stack socket matches its plain IPv4 address", () => {
    expect(clientAddressOf(request("198.51.100.1"), from("::ffff:10.0.0.2"), proxy)).toBe("198.51.100.1");
    expect(clientAddressOf(request(), from("::FFFF:203.0.113.7"), proxy)).toBe("203.0.113.7");
  });

  test("a trusted proxy without a usable header counts as itself", () => {
    expect(clientAddressOf(request(), from("10.0.0.2"), proxy)).toBe("10.0.0.2");
    expect(clientAddressOf(request("unknown"), from("10.0.0.2"), proxy)).toBe("10.0.0.2");
    expect(clientAddressOf(request("10.0.0.2"), from("10.0.0.2"), proxy)).toBe("10.0.0.2");
  });

  test("without a server (app.handle in tests) every request is 'local'", () => {
    expect(clientAddressOf(request("198.51.100.1"), null, proxy)).toBe("local");
    expect(clientAddressOf(request(), from(null), proxy)).toBe("local");
  });

  test("TRUSTED_PROXIES ranges: every address of a CIDR range is a proxy, IPv4 and IPv6", () => {
    const network = ranges("172.30.23.0/24", "fd00:abcd::/32");
    expect(clientAddressOf(request("198.51.100.1"), from("172.30.23.250"), network)).toBe("198.51.100.1");
    expect(clientAddressOf(request("198.51.100.1"), from("172.30.24.1"), network)).toBe("172.30.24.1");
    expect(clientAddressOf(request("198.51.100.1"), from("fd00:abcd:0:1::9"), network)).toBe("198.51.100.1");
    expect(clientAddressOf(request("198.51.100.1, 172.30.23.7"), from("172.30.23.1"), network)).toBe("198.51.100.1");
    expect(clientAddressOf(request("198.51.100.1"), from("fd00:abce::1"), network)).toBe("fd00:abce:0:0::/64");
  });

  test("an IPv6 client counts as its /64: the addresses of one network share one key", () => {
    expect(clientAddressOf(request(), from("2001:db8:1:2:aaaa::1"), proxy)).toBe("2001:db8:1:2::/64");
    expect(clientAddressOf(request(), from("2001:0db8:0001:0002:ffff:ffff:ffff:ffff"), proxy)).toBe(
      "2001:db8:1:2::/64",
    );
    expect(clientAddressOf(request(), from("2001:db8:1:3::1"), proxy)).toBe("2001:db8:1:3::/64");
    expect(clientAddressOf(request("2001:db8::5"), from("10.0.0.2"), proxy)).toBe("2001:db8:0:0::/64");
    expect(clientAddressOf(request(), from("::1"), proxy)).toBe("0:0:0:0::/64");
  });
});

describe("parseAddressRange", () => {
  test("addresses and ranges; anything else is null", () => {
    expect(parseAddressRange("10.1.2.3/8")).toEqual({ family: 4, network: 10n << 24n, prefix: 8 });
    expect(parseAddressRange("::ffff:10.0.0.1")).toEqual({ family: 4, network: (10n << 24n) + 1n, prefix: 32 });
    expect(parseAddressRange("::/0")).toEqual({ family: 6, network: 0n, prefix: 0 });
    for (const bad of ["10.0.0.0/33", "::/129", "10.0.0.0/", "10.0.0.0/8/8", "proxy.local", "10.0.0.0/a", ""]) {
      expect({ bad, range: parseAddressRange(bad) }).toEqual({ bad, range: null });
    }
  });
});

describe("networkOf (a canary's vote)", () => {
  test("an IPv4 address counts as its /24, an IPv6 address as its /64, a mapped IPv4 as itself", () => {
    expect(networkOf("203.0.113.7")).toBe("203.0.113.0/24");
    expect(networkOf("203.0.113.254")).toBe(networkOf("203.0.113.1"));
    expect(networkOf("203.0.114.1")).not.toBe(networkOf("203.0.113.1"));
    expect(networkOf("::ffff:203.0.113.9")).toBe("203.0.113.0/24");
    expect(networkOf("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(networkOf("2001:DB8:1:2::ffff")).toBe(networkOf("2001:db8:1:2:aaaa::1"));
    expect(networkOf("2001:db8:1:3::1")).not.toBe(networkOf("2001:db8:1:2::1"));
  });
});
