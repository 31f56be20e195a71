import { createHmac, timingSafeEqual } from "node:crypto";

/** Long enough to start the download the link was made for, too short to be worth sharing. */
export const downloadLinkLifetimeSeconds = 60;

export interface DownloadLinks {
  /** A ticket for one file, valid for `downloadLinkLifetimeSeconds`: `<expiry>.<signature>`. */
  issue(fileId: number): string;
  /** Whether `ticket` was issued for `fileId` and has not expired. */
  verify(fileId: number, ticket: string): boolean;
}

/**
 * Short-lived signed download URLs. A browser download started by a plain link streams to disk
 * through the browser's own download manager (with its progress and no copy in page memory, which
 * matters at 1 GiB), but a link cannot carry the bearer header; so a signed-in client asks for a
 * ticket (bearer) and follows the link. The key is derived from the JWT secret for this use only.
 */
export function createDownloadLinks(secret: string, now: () => number = Date.now): DownloadLinks {
  const key = createHmac("sha256", secret).update("klarwerk download links v1").digest();
  const sign = (fileId: number, expiry: number) =>
    createHmac("sha256", key).update(`${fileId}.${expiry}`).digest("base64url");
  return {
    issue(fileId) {
      const expiry = Math.floor(now() / 1000) + downloadLinkLifetimeSeconds;
      return `${expiry}.${sign(fileId, expiry)}`;
    },
    verify(fileId, ticket) {
      const match = /^(\d{1,12})\.([\w-]{43})$/.exec(ticket);
      if (!match?.[1] || !match[2]) return false;
      const expiry = Number(match[1]);
      if (expiry * 1000 < now()) return false;
      const expected = Buffer.from(sign(fileId, expiry));
      const given = Buffer.from(match[2]);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
