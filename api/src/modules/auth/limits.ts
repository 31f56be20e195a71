import { abuseLimitWindowMinutes } from "@klarwerk/kit";
import { type RateLimitStore, tooManyRequests } from "../../http/rate-limit.ts";
import { authApiMessages as messages } from "./messages.ts";

const loginWindowMs = abuseLimitWindowMinutes.login * 60 * 1000;

/** Failed logins for one account (its normalized e-mail), from any address. */
export const accountLoginLimit = { name: "login-account", max: 10, windowMs: loginWindowMs } as const;

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
  const perAddress = store(addressLoginLimit);
  const registrations = store(registrationLimit);

  return {
    /**
     * Before a password is checked: counts the attempt for the account and for the address, or
     * refuses it. Counted first, so parallel guesses cannot outrun either counter; a refused
     * attempt checks no password and counts for neither.
     */
    async beginLogin(email: string, address: string): Promise<void> {
      const [account, fromAddress] = await Promise.all([perAccount.hit(email), perAddress.hit(address)]);
      if (account.allowed && fromAddress.allowed) return;
      await Promise.all([
        account.allowed ? perAccount.release(email) : null,
        fromAddress.allowed ? perAddress.release(address) : null,
      ]);
      const refused = [account, fromAddress].filter((hit) => !hit.allowed);
      throw tooManyRequests(messages.tooManyAttempts, {
        allowed: false,
        retryAfterSeconds: Math.max(...refused.map((hit) => hit.retryAfterSeconds)),
      });
    },
    /**
     * The password was right: the account's run of failures ends, and the address gets back only
     * this attempt, so one valid account cannot clear what spraying from that address counted.
     */
    async loginSucceeded(email: string, address: string): Promise<void> {
      await Promise.all([perAccount.reset(email), perAddress.release(address)]);
    },
    /** Counts a registration from `address`, or refuses it. */
    async register(address: string): Promise<void> {
      const hit = await registrations.hit(address);
      if (!hit.allowed) throw tooManyRequests(messages.tooManyRegistrations, hit);
    },
  };
}
