import { describe, expect, test } from "bun:test";
import { pacedReads, reprDigest, sha256HexOf, strongEtag } from "../../src/storage/blob-digest.ts";

describe("the digest headers", () => {
  test("Repr-Digest is RFC 9530's sha-256 of the bytes; the ETag a strong tag from the same digest", () => {
    // RFC 9530, appendix D: the representation {"hello": "world"} (with its line end).
    const hex = sha256HexOf('{"hello": "world"}\n');
    expect(reprDigest(hex)).toBe("sha-256=:RK/0qy18MlBSVnWgjwz6lZEWjP/lF5HF9bvEF8FabDg=:");
    expect(strongEtag(hex)).toBe('"RK_0qy18MlBSVnWgjwz6lZEWjP_lF5HF9bvEF8FabDg"');
  });
});

describe("pacedReads", () => {
  // Only the bound that matters is checked: the scrub never reads faster than its rate (a busy
  // machine can only make it slower). Bun.sleep rounds to whole milliseconds; the debt carries over.
  test("after a second's burst, reads wait so that the average stays at the rate", async () => {
    const rate = 2 * 1024 * 1024;
    const pace = pacedReads(rate);
    const started = performance.now();
    for (let read = 0; read < 64; read++) await pace.after(64 * 1024);
    // 4 MiB at 2 MiB/s with 2 MiB allowed at once: at least one second.
    expect(performance.now() - started).toBeGreaterThanOrEqual(990);
  });
});
