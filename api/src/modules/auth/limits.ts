import { abuseLimitWindowMinutes } from "@klarwerk/kit";
import { type RateLimitStore, tooManyRequests } from "../../http/rate-limit.ts";
import { authApiMessages as messages } from "./messages.ts";

const loginWindowMs = abuseLimitWindowMinutes.login * 60 * 1000;

/** Failed logins for one account (its normalized e-mail), from any address. */
export const accountLoginLimit = { name: "login-account", max: 10, windowMs: loginWindowMs } as const;

/**
 * Failed logins from one browser that signed in to the account before (its device cookie),
 * instead of the per-account limit: an attacker elsewhere cannot lock that browser out.
 */
export const deviceLoginLimit = { name: "login-device", max: 10, windowMs: loginWindowMs } as const;

/** At most one notice to the admins per attacked account within this window (24 hours). */
export const attackNoticeLimit = { name: "login-attack-notice", max: 1, windowMs: 24 * 60 * 60 * 1000 } as const;

/** Failed logins from one client address, across accounts: guessing one password for many (spraying). */
export const addressLoginLimit = { name: "login-address", max: 30, windowMs: loginWindowMs } as const;

/**
 * Registrations from one client address, every one that reaches the route counted: the form
 * checks the same rules before it sends, so a person is rarely refused one.
 */
export const registrationLimit = {
  name: "registration",
  max: 5,
  windowMs: abuseLimitWindowMinutes.registration * 60 * 1000,
} as const;

/**
 * The limits of /api/login and /api/register, counted per deployment (the store's counters live
 * in the database). Every refusal is a 429 with `Retry-After` and a German message.
 */
export function authLimits(store: RateLimitStore) {
  const perAccount = store(accountLoginLimit);
  const perDevice = store(deviceLoginLimit);
  const perAddress = store(addressLoginLimit);
  const registrations = store(registrationLimit);
  const attackNotices = store(attackNoticeLimit);

  /** The per-account counter, or for a known device that device's own. */
  const accountSide = (email: string, device: string | null) =>
    device === null ? { limit: perAccount, key: email } : { limit: perDevice, key: device };

  return {
    /**
     * Before a password is checked: counts the attempt for the account (or, from a browser that
     * signed in to it before, for that device) and for the address, or refuses it. Counted first,
     * so parallel guesses cannot outrun either counter; a refused attempt checks no password and
     * counts for neither. `onAccountLimit` runs when the per-account limit refused (an attack on
     * the account from elsewhere), at most once per account in `attackNoticeLimit`'s window, after
     * the refusal is answered.
     */
    async beginLogin(
      email: string,
      address: string,
      { device = null, onAccountLimit }: { device?: string | null; onAccountLimit?: () => Promise<void> } = {},
    ): Promise<void> {
      const side = accountSide(email, device);
      const [account, fromAddress] = await Promise.all([side.limit.hit(side.key), perAddress.hit(address)]);
      if (account.allowed && fromAddress.allowed) return;
      await Promise.all([
        account.allowed ? side.limit.release(side.key) : null,
        fromAddress.allowed ? perAddress.release(address) : null,
      ]);
      if (!account.allowed && device === null && onAccountLimit) {
        // Not awaited: a refusal that wrote a notice must not take longer than one that did not,
        // or the time of the 429 would tell which addresses have an account.
        void attackNotices
          .hit(email)
          .then((notice) => (notice.allowed ? onAccountLimit() : undefined))
          .catch((error: unknown) => {
            console.error("[api] the admins could not be told of a login attack:", error);
          });
      }
      const refused = [account, fromAddress].filter((hit) => !hit.allowed);
      throw tooManyRequests(messages.tooManyAttempts, {
        allowed: false,
        retryAfterSeconds: Math.max(...refused.map((hit) => hit.retryAfterSeconds)),
      });
    },
    /**
     * The password was right: the account's (or device's) run of failures ends, and the address
     * gets back only this attempt, so one valid account cannot clear what spraying from that
     * address counted. A sign-in from a known device leaves the account's counter as it is: the
     * attack it counts goes on elsewhere.
     */
    async loginSucceeded(email: string, address: string, device: string | null = null): Promise<void> {
      const side = accountSide(email, device);
      await Promise.all([side.limit.reset(side.key), perAddress.release(address)]);
    },
    /** Counts a registration from `address`, or refuses it. */
    async register(address: string): Promise<void> {
      const hit = await registrations.hit(address);
      if (!hit.allowed) throw tooManyRequests(messages.tooManyRegistrations, hit);
    },
  };
}
