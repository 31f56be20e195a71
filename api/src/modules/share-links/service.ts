import { createHmac, timingSafeEqual } from "node:crypto";
import {
  type ShareLinkInput,
  shareLinkDefaultDays,
  shareZipMaxBytes,
  shareZipMaxFiles,
  type User,
} from "@klarwerk/kit";
import type { Deps } from "../../deps.ts";
import { networkOf } from "../../http/address-range.ts";
import { type PeerSource, peerAddressOf } from "../../http/client-address.ts";
import { HttpError } from "../../http/errors.ts";
import { parseId } from "../../http/ids.ts";
import { shareLinkOpenedMail } from "../../mail/templates.ts";
import type { AuditActor } from "../audit/index.ts";
import { hashPassword, isSecureOrigin, verifyPassword } from "../auth/index.ts";
import { blobResponse, contentDisposition, fileBlobStore, inertHeaders, requestedRange } from "../files/index.ts";
import { clientFamilyOf } from "./client.ts";
import { shareLinksApiMessages, sharePageMessages as texts } from "./messages.ts";
import { filesPage, messagePage, type PageLink, passwordPage } from "./page.ts";
import {
  countWrongPassword,
  findByTokenHash,
  insertShareLink,
  type LinkOwner,
  listAccesses,
  listShareLinks,
  type OpenedLink,
  readShareLinkMaxDays,
  recordAccess,
  reserveDownload,
  revokeShareLink,
  type SharedFile,
  saveShareLinkMaxDays,
  sharedFile,
  sharedFiles,
} from "./store.ts";
import { zipStream } from "./zip.ts";

/** Wrong passwords a link takes from one network in `passwordWindowMs`. */
const passwordTries = 5;
const passwordWindowMs = 15 * 60 * 1000;
/** How long a right password keeps the link open in that browser. */
const unlockSeconds = 12 * 60 * 60;
const unlockCookie = "klarwerk_share";

/** A folder's ZIP at most (tests lower them). */
export interface ZipLimits {
  maxFiles: number;
  maxBytes: number;
}
export const defaultZipLimits: ZipLimits = { maxFiles: shareZipMaxFiles, maxBytes: shareZipMaxBytes };

/** 32 random bytes: the token in the link, never stored. */
function newToken(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
}

function tokenHashOf(token: string): string {
  return new Bun.CryptoHasher("sha256").update(token).digest("hex");
}

/** The headers of the bytes a link serves: the file area's, and no referrer, not kept. */
const servedHeaders = {
  ...inertHeaders,
  "Referrer-Policy": "no-referrer",
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
} as const;

/** The request without its conditional headers: a counted download always sends its bytes. */
function unconditional(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.delete("if-none-match");
  headers.delete("if-range");
  headers.delete("if-modified-since");
  return new Request(request.url, { method: request.method, headers });
}

/** Staff's side (`/api/share-links`) and the client's (`/s/<token>`), decision 0096. */
export function shareLinksService(
  { sql, config, rateLimits }: Pick<Deps, "sql" | "config" | "rateLimits">,
  zipLimits: ZipLimits = defaultZipLimits,
) {
  const store = fileBlobStore(config);
  const passwordLimit = rateLimits({ name: "share-link-password", max: passwordTries, windowMs: passwordWindowMs });
  const cookieKey = createHmac("sha256", config.jwtSecret).update("klarwerk share links v1").digest();
  const sign = (linkId: number, expiry: number) =>
    createHmac("sha256", cookieKey).update(`${linkId}.${expiry}`).digest("base64url");

  async function create(input: NormalizedShareInput, user: User, actor: AuditActor) {
    const maxDays = await readShareLinkMaxDays(sql);
    const days = input.days ?? Math.min(shareLinkDefaultDays, maxDays);
    if (days > maxDays) throw new HttpError(422, "validation", shareLinksApiMessages.daysOverMax(maxDays));
    const token = newToken();
    const link = await insertShareLink(
      sql,
      {
        tokenSha256: tokenHashOf(token),
        targetKind: input.targetKind,
        targetId: input.targetId,
        days,
        passwordHash: input.password === null ? null : await hashPassword(input.password),
        downloadLimit: input.downloadLimit,
        label: input.label,
        notifyOnOpen: input.notifyOnOpen,
        creator: { id: user.id, name: user.name },
      },
      actor,
    );
    if (!link) throw new HttpError(404, "share-target-not-found", shareLinksApiMessages.targetNotFound);
    return { link, path: `/s/${token}` };
  }

  async function revoke(id: number, owner: LinkOwner, actor: AuditActor): Promise<void> {
    if (!(await revokeShareLink(sql, id, owner, actor)))
      throw new HttpError(404, "share-link-not-found", shareLinksApiMessages.notFound);
  }

  async function accesses(id: number, owner: LinkOwner) {
    const found = await listAccesses(sql, id, owner);
    if (found === null) throw new HttpError(404, "share-link-not-found", shareLinksApiMessages.notFound);
    return { accesses: found };
  }

  // The client's side. Every answer is a page (or the bytes), never JSON.

  /** Who is asking, coarsely, for the access log and the password limit. */
  function clientOf(request: Request, server: PeerSource | null) {
    const address = peerAddressOf(request, server, config.trustedProxies);
    return {
      network: address === "local" ? address : networkOf(address),
      client: clientFamilyOf(request.headers.get("user-agent")),
    };
  }

  /** The link the token names, or the page that tells why it cannot be used. */
  async function linkOf(token: string): Promise<OpenedLink | Response> {
    // A malformed token is hashed and looked up too: every token costs the same.
    const link = await findByTokenHash(sql, tokenHashOf(token));
    if (!link) return messagePage(404, texts.notFoundTitle, texts.notFound);
    switch (link.status) {
      case "revoked":
        return messagePage(410, texts.goneTitle, texts.revoked);
      case "target_gone":
        return messagePage(
          410,
          texts.goneTitle,
          link.target_kind === "folder" ? texts.folderDeleted : texts.fileDeleted,
        );
      case "locked":
        return messagePage(403, texts.lockedTitle, texts.locked);
      case "expired":
        return messagePage(410, texts.goneTitle, texts.expired);
      case "used_up":
        return messagePage(410, texts.goneTitle, texts.usedUp);
      default:
        return link;
    }
  }

  function pageLink(token: string, link: OpenedLink): PageLink {
    return {
      base: `/s/${token}`,
      kind: link.target_kind,
      name: link.target_name,
      label: link.label,
      expiresAt: link.expires_at,
      downloadsLeft: link.download_limit === null ? null : link.download_limit - link.downloads,
    };
  }

  /** Whether this browser gave the link's password (a valid cookie), or the link has none. */
  function unlocked(request: Request, link: OpenedLink): boolean {
    if (link.password_hash === null) return true;
    const value = (request.headers.get("cookie") ?? "")
      .split(";")
      .map((part) => part.trim())
      .find((part) => part.startsWith(`${unlockCookie}=`))
      ?.slice(unlockCookie.length + 1);
    const match = value === undefined ? null : /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(value);
    if (!match?.[1] || !match[2]) return false;
    const expiry = Number(match[1]);
    if (expiry * 1000 < Date.now()) return false;
    const expected = Buffer.from(sign(link.id, expiry));
    const given = Buffer.from(match[2]);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  function unlockCookieFor(request: Request, token: string, link: OpenedLink): string {
    const expiry = Math.floor(Date.now() / 1000) + unlockSeconds;
    return [
      `${unlockCookie}=${expiry}.${sign(link.id, expiry)}`,
      `Path=/s/${token}`,
      `Max-Age=${unlockSeconds}`,
      "HttpOnly",
      "SameSite=Lax",
      ...(isSecureOrigin(request, config.publicUrl) ? ["Secure"] : []),
    ].join("; ");
  }

  /** `GET /s/<token>`: the password form, or the files; an opening is logged. */
  async function page(request: Request, server: PeerSource | null, token: string): Promise<Response> {
    const link = await linkOf(token);
    if (link instanceof Response) return link;
    if (!unlocked(request, link)) return passwordPage(pageLink(token, link));
    await recordAccess(sql, link.id, { kind: "opened", fileName: null, ...clientOf(request, server) }, (opening) =>
      shareLinkOpenedMail(opening, { publicUrl: config.publicUrl }),
    );
    return filesPage(pageLink(token, link), await sharedFiles(sql, link));
  }

  /** `POST /s/<token>` with `password`: limited per link and network, locked after repeated failures. */
  async function unlock(request: Request, server: PeerSource | null, token: string): Promise<Response> {
    const link = await linkOf(token);
    if (link instanceof Response) return link;
    const here = pageLink(token, link);
    if (link.password_hash === null) return redirect(here.base);
    const client = clientOf(request, server);
    const key = `${link.id}|${client.network}`;
    const hit = await passwordLimit.hit(key);
    if (!hit.allowed) {
      const minutes = Math.max(1, Math.ceil(hit.retryAfterSeconds / 60));
      return passwordPage(here, 429, texts.passwordLimited(minutes), { "Retry-After": String(hit.retryAfterSeconds) });
    }
    const form = new URLSearchParams(await request.text().catch(() => ""));
    const password = form.get("password") ?? "";
    if (password !== "" && password.length <= 1000 && (await verifyPassword(password, link.password_hash))) {
      await passwordLimit.release(key);
      return redirect(here.base, { "Set-Cookie": unlockCookieFor(request, token, link) });
    }
    await recordAccess(sql, link.id, { kind: "password_failed", fileName: null, ...client });
    if (await countWrongPassword(sql, link.id)) return messagePage(403, texts.lockedTitle, texts.locked);
    return passwordPage(here, 403, texts.passwordWrong);
  }

  /** The file's bytes once, counted: the link's limit is reserved before they go out. */
  async function download(request: Request, server: PeerSource | null, token: string, rawId: string) {
    const link = await linkOf(token);
    if (link instanceof Response) return link;
    const base = `/s/${token}`;
    if (!unlocked(request, link)) return redirect(base);
    const fileId = parseId(rawId);
    const file = fileId === null ? null : await sharedFile(sql, link, fileId);
    if (!file) return messagePage(404, texts.fileNotFoundTitle, texts.fileNotFound, base);
    const size = await contentSizeOf(file);
    if (size === null) return messagePage(404, texts.contentMissingTitle, texts.contentMissing, base);
    // A range outside the file is refused before a download is counted.
    requestedRange(request.headers.get("range"), size);
    if (!(await reserveDownload(sql, link.id))) return messagePage(410, texts.goneTitle, texts.usedUp);
    await recordAccess(sql, link.id, {
      kind: "downloaded",
      fileName: file.original_name,
      ...clientOf(request, server),
    });
    return blobResponse(unconditional(request), {
      content: (start, end) => store.content(file.blob_id, start, end),
      offset: file.blob_offset,
      size,
      sha256: file.sha256,
      headers: {
        ...servedHeaders,
        "Content-Type": file.mime_type,
        "Content-Disposition": contentDisposition("attachment", file.original_name),
      },
    });
  }

  /** The folder's files as one streamed ZIP, counted once; too many or too large: a 413 page. */
  async function zip(request: Request, server: PeerSource | null, token: string): Promise<Response> {
    const link = await linkOf(token);
    if (link instanceof Response) return link;
    const base = `/s/${token}`;
    if (!unlocked(request, link)) return redirect(base);
    if (link.target_kind !== "folder") return messagePage(404, texts.fileNotFoundTitle, texts.fileNotFound, base);
    const files = await sharedFiles(sql, link);
    if (files.length === 0) return messagePage(404, texts.fileNotFoundTitle, texts.emptyFolder, base);
    const bytes = files.reduce((sum, file) => sum + Number(file.size), 0);
    if (files.length > zipLimits.maxFiles || bytes > zipLimits.maxBytes)
      return messagePage(413, texts.zipTooLargeTitle, texts.zipTooLarge, base);
    for (const file of files) {
      if ((await contentSizeOf(file)) === null)
        return messagePage(404, texts.contentMissingTitle, texts.contentMissing, base);
    }
    if (!(await reserveDownload(sql, link.id))) return messagePage(410, texts.goneTitle, texts.usedUp);
    await recordAccess(sql, link.id, { kind: "zip_downloaded", fileName: null, ...clientOf(request, server) });
    const body = zipStream(
      files.map((file) => ({
        name: file.original_name,
        content: () => store.content(file.blob_id, file.blob_offset, file.blob_offset + Number(file.size)),
      })),
    );
    return new Response(body, {
      status: 200,
      headers: {
        ...servedHeaders,
        "Content-Type": "application/zip",
        "Content-Disposition": contentDisposition("attachment", `${link.target_name}.zip`),
      },
    });
  }

  /** The file's bytes in its blob, or null when the blob is missing. */
  async function contentSizeOf(file: SharedFile): Promise<number | null> {
    const size = await store.sizeOf(file.blob_id);
    if (size === null || size < file.blob_offset) {
      console.error(`[api] share link: blob ${file.blob_id} of file ${file.id} is missing`);
      return null;
    }
    return Math.min(size - file.blob_offset, Number(file.size));
  }

  return {
    create,
    list: (owner: LinkOwner) => listShareLinks(sql, owner),
    revoke,
    accesses,
    settings: async () => ({ max_days: await readShareLinkMaxDays(sql) }),
    saveSettings: async (maxDays: number, actor: AuditActor) => ({
      max_days: await saveShareLinkMaxDays(sql, maxDays, actor),
    }),
    page,
    unlock,
    download,
    zip,
    /** Ends the store after the last request. */
    close: () => store.close(),
  };
}

function redirect(location: string, headers: Record<string, string> = {}): Response {
  return new Response(null, {
    status: 303,
    headers: { Location: location, "Cache-Control": "no-store", "Referrer-Policy": "no-referrer", ...headers },
  });
}

/** What `POST /api/share-links` hands the service once its rules passed. */
export interface NormalizedShareInput {
  targetKind: ShareLinkInput["target_kind"];
  targetId: number;
  /** Null: the default (or the admins' maximum, when shorter). */
  days: number | null;
  password: string | null;
  downloadLimit: number | null;
  label: string;
  notifyOnOpen: boolean;
}
