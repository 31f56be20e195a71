import { createHmac, timingSafeEqual } from "node:crypto";

/** The cookie naming a browser that signed in to an account before. */
export const deviceCookieName = "klarwerk_device";

/** How long a browser stays known after its last successful sign-in. */
export const deviceCookieDays = 180;

/** Sent only with sign-ins: no other request needs it. */
const cookiePath = "/api/login";

/** A known device: the account it signed in to, and when (each sign-in writes a new cookie). */
export interface KnownDevice {
  userId: number;
  issuedAt: number;
}

/**
 * What a cookie's signature covers besides the account and the time: the password hash (a new
 * password, by change or reset link, forgets every browser) and the account's generation of
 * known devices (an admin's "forget" counts it up). Neither is in the cookie; both are read from
 * the account at each sign-in, so a cookie cannot be made to pass after either changed.
 */
export interface DeviceAccount {
  id: number;
  passwordHash: string;
  knownDevicesGeneration: number;
}

function signature(secret: string, payload: string, account: DeviceAccount): string {
  // A key of its own, derived from the JWT secret: a device cookie is never a token, nor the reverse.
  return createHmac("sha256", `klarwerk-device:${secret}`)
    .update(`${payload}.${account.knownDevicesGeneration}.${account.passwordHash}`)
    .digest("base64url");
}

/** `Set-Cookie` for a browser that just signed in to `account`: HttpOnly, SameSite=Strict, Secure on https. */
export function deviceCookie(
  secret: string,
  account: DeviceAccount,
  { now, secure }: { now: number; secure: boolean },
): string {
  const payload = `${account.id}.${Math.floor(now / 1000)}`;
  const value = `${payload}.${signature(secret, payload, account)}`;
  const attributes = [
    `${deviceCookieName}=${value}`,
    `Path=${cookiePath}`,
    `Max-Age=${deviceCookieDays * 24 * 60 * 60}`,
    "HttpOnly",
    "SameSite=Strict",
    ...(secure ? ["Secure"] : []),
  ];
  return attributes.join("; ");
}

/**
 * The known device of `account` that a request's cookie names, or null: no cookie, one for
 * another account, a forged or altered one (the signature), one signed before the password or
 * the generation changed, or one older than `deviceCookieDays`.
 */
export function knownDeviceOf(
  request: Request,
  secret: string,
  now: number,
  account: DeviceAccount | null,
): KnownDevice | null {
  if (account === null) return null;
  const header = request.headers.get("cookie") ?? "";
  const value = header
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${deviceCookieName}=`))
    ?.slice(deviceCookieName.length + 1);
  const match = value === undefined ? null : /^(\d{1,15})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(value);
  if (!match) return null;
  const [, user = "", issued = "", given = ""] = match;
  if (Number(user) !== account.id) return null;
  const expected = Buffer.from(signature(secret, `${user}.${issued}`, account));
  if (!timingSafeEqual(expected, Buffer.from(given))) return null;
  const issuedAt = Number(issued) * 1000;
  if (issuedAt > now + 60_000 || now - issuedAt > deviceCookieDays * 24 * 60 * 60 * 1000) return null;
  return { userId: account.id, issuedAt };
}

/**
 * Whether the browser reached us over https (directly, or `PUBLIC_URL` says the site is https).
 * Read as a URL, not as a prefix: a scheme is case-insensitive, and the config accepts
 * "HTTPS://…" as https (a prefix test left the cookie without `Secure` there; issue 45, row 12).
 */
export function isSecureOrigin(request: Request, publicUrl: string): boolean {
  return isHttps(publicUrl) || isHttps(request.url);
}

function isHttps(url: string): boolean {
  return URL.parse(url)?.protocol === "https:";
}
