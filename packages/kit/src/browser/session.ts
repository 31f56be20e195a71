import { atom, getDefaultStore } from "jotai";
import { storageKeys } from "../site";
import { isUserRole, type User } from "../users";

/**
 * The signed-in state of this browser tab. It starts as "loading" and becomes known once
 * `restoreSession` has looked at local storage, so protected screens never flash a redirect.
 */
export type Session =
  | { status: "loading" }
  | { status: "anonymous" }
  | { status: "signed-in"; user: User; token: string };

export const sessionAtom = atom<Session>({ status: "loading" });

/**
 * jotai and this package are Module Federation singletons, so this default store is the one
 * store that the shell and every remote read and write.
 */
export const sessionStore = getDefaultStore();

function browserStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage can throw (privacy mode, sandboxed frames): then the session lives in memory only.
    return null;
  }
}

function parseUser(raw: string): User | null {
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== "object" || value === null) return null;
    const { id, name, email, role } = value as Record<string, unknown>;
    if (typeof id !== "number" || typeof name !== "string" || typeof email !== "string") return null;
    // A user stored by a build before roles has none: staff until `GET /api/session` says more.
    return { id, name, email, role: isUserRole(role) ? role : "staff" };
  } catch {
    return null;
  }
}

/** Restores user and token from storage only when both exist and are readable. */
export function restoreSession(): Session {
  const storage = browserStorage();
  const rawUser = storage?.getItem(storageKeys.user);
  const token = storage?.getItem(storageKeys.token);
  const user = rawUser ? parseUser(rawUser) : null;
  const session: Session = user && token ? { status: "signed-in", user, token } : { status: "anonymous" };
  sessionStore.set(sessionAtom, session);
  return session;
}

export function startSession(user: User, token: string): void {
  const storage = browserStorage();
  storage?.setItem(storageKeys.user, JSON.stringify(user));
  storage?.setItem(storageKeys.token, token);
  sessionStore.set(sessionAtom, { status: "signed-in", user, token });
}

export function endSession(): void {
  const storage = browserStorage();
  storage?.removeItem(storageKeys.user);
  storage?.removeItem(storageKeys.token);
  sessionStore.set(sessionAtom, { status: "anonymous" });
}

export function currentToken(): string | null {
  const session = sessionStore.get(sessionAtom);
  return session.status === "signed-in" ? session.token : null;
}
