import { describe, expect, test } from "bun:test";
import { clientAddressOf, type PeerSource } from "../../src/http/client-address.ts";

function from(peer: string | null): PeerSource {
  return { requestIP: () => (peer === null ? null : { address: peer }) };
}

function request(forwardedFor?: string): Request {
  return new Request("http://localhost/api/contact", {
    headers: forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor },
  });
}

const proxy = new Set(["10.0.0.2"]);

describe("clientAddressOf", () => {
  test("a direct client is its socket's peer; its X-Forwarded-For counts for nothing", () => {
    expect(clientAddressOf(request(), from("203.0.113.7"), proxy)).toBe("203.0.113.7");
    expect(clientAddressOf(request("198.51.100.1"), from("203.0.113.7"), proxy)).toBe("203.0.113.7");
    expect(clientAddressOf(request("198.51.100.1"), from("203.0.113.7"), new Set())).toBe("203.0.113.7");
  });

  test("behind a trusted proxy, the address that proxy saw connect", () => {
    expect(clientAddressOf(request("198.51.100.1"), from("10.0.0.2"), proxy)).toBe("198.51.100.1");
    // What the client wrote itself comes first; the proxy appends the real peer at the end.
    expect(clientAddressOf(request("1.2.3.4, 198.51.100.1"), from("10.0.0.2"), proxy)).toBe("198.51.100.1");
    // A chain of trusted proxies is walked from the right.
    const chain = new Set(["10.0.0.2", "10.0.0.3"]);
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
});
