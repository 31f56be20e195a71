import { useAtomValue } from "jotai";
import { createContext, type ReactNode, useContext, useMemo } from "react";
import { authMessages } from "../messages";
import type { RegistrationAnswer, User } from "../users";
import { ApiError, callApi } from "./api";
import { currentToken, endSession, type Session, sessionAtom, sessionStore, startSession } from "./session";

export interface Credentials {
  email: string;
  password: string;
}

export interface Registration {
  name: string;
  email: string;
  password: string;
  /** Defaults to the password when not given, as the spec's register payload says. */
  confirmPassword?: string;
  /**
   * The owner's set-up code from the link the server logs (`/register?einrichtung=…`): only the
   * owner's registration carries one.
   */
  setupCode?: string;
}

/**
 * What `login` resolves to. A failure is `ok: false`, never a throw: the screens show a toast.
 * `reason` is the server's own words when they tell the user something the default text would
 * hide (see `reasonToShow`); null means the screen's default description.
 */
export type LoginResult = { ok: true; user: User } | { ok: false; reason: string | null };

/** What `register` resolves to: on success whether the account may sign in now (the owner) or waits. */
export type RegistrationResult =
  | { ok: true; access: RegistrationAnswer["access"] }
  | { ok: false; reason: string | null };

export interface Auth {
  session: Session;
  user: User | null;
  token: string | null;
  loading: boolean;
  /** Resolves `ok: false` (and logs the server's reason) instead of throwing, as the screens expect. */
  login(credentials: Credentials): Promise<LoginResult>;
  /** Does not sign in: even the owner logs in on /login afterwards. */
  register(registration: Registration): Promise<RegistrationResult>;
  logout(): Promise<void>;
}

function reasonOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

/** Codes whose message the login and register screens do not show: they keep the spec's own text. */
const reasonsNotShown: ReadonlySet<ApiError["code"]> = new Set([
  // "Bitte überprüfen Sie Ihre Zugangsdaten."
  "wrong-credentials",
  "unauthorized",
  // Server faults and unreadable answers: "Bitte versuchen Sie es erneut."
  "internal",
  "database-unavailable",
  "unreadable",
]);

/**
 * The reason a screen shows under its failure title: the server's message for a refusal the user
 * can act on (a waiting or locked account, too many attempts, a password too easy to guess) and
 * the network message when the server cannot be reached. Wrong credentials and server faults give
 * null, so the screen keeps the spec's text ("Bitte überprüfen Sie Ihre Zugangsdaten.", "Bitte
 * versuchen Sie es erneut.").
 */
function reasonToShow(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  return reasonsNotShown.has(error.code) ? null : error.message;
}

async function login(credentials: Credentials): Promise<LoginResult> {
  try {
    const answer = await callApi("POST /api/login", { json: credentials });
    startSession(answer.user, answer.token);
    return { ok: true, user: answer.user };
  } catch (error) {
    console.error(reasonOf(error, authMessages.loginFailedTitle));
    return { ok: false, reason: reasonToShow(error) };
  }
}

async function register(registration: Registration): Promise<RegistrationResult> {
  const payload = { ...registration, confirmPassword: registration.confirmPassword ?? registration.password };
  try {
    const answer = await callApi("POST /api/register", { json: payload });
    return { ok: true, access: answer.access };
  } catch (error) {
    console.error(reasonOf(error, authMessages.registerFailedTitle));
    return { ok: false, reason: reasonToShow(error) };
  }
}

/**
 * Ends the session in this browser at once, then tells the server (`POST /api/logout`), which
 * refuses the token from then on. The local session ends even when that call fails: a user who
 * pressed Logout is signed out here, whatever the network does.
 */
export async function logout(): Promise<void> {
  const token = currentToken();
  endSession();
  if (!token) return;
  try {
    await callApi("POST /api/logout", { token });
  } catch (error) {
    console.error("Die Abmeldung beim Server ist fehlgeschlagen:", reasonOf(error, ""));
  }
}

function sameUser(a: User, b: User): boolean {
  return a.id === b.id && a.name === b.name && a.email === b.email && a.role === b.role;
}

/**
 * Asks the server whose the restored session is now (`GET /api/session`), so a role or name
 * changed since the login shows at once. A session the server no longer accepts (logged out
 * elsewhere, locked, expired) answers 401, which ends it through the API client; protected screens
 * then send the user to /login. When the server cannot be reached the stored session stays.
 */
export async function refreshSession(): Promise<void> {
  const token = currentToken();
  if (!token) return;
  try {
    const { user } = await callApi("GET /api/session");
    const session = sessionStore.get(sessionAtom);
    // A logout or another login meanwhile wins over this answer.
    if (session.status !== "signed-in" || session.token !== token || sameUser(session.user, user)) return;
    startSession(user, token);
  } catch (error) {
    if (!(error instanceof ApiError && error.code === "unauthorized")) {
      console.warn("Die Sitzung konnte nicht mit dem Server abgeglichen werden:", reasonOf(error, ""));
    }
  }
}

const AuthContext = createContext<Auth | null>(null);

/** Gives screens the session and the auth actions; the state itself is the shared jotai atom. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const session = useAtomValue(sessionAtom);
  const auth = useMemo<Auth>(
    () => ({
      session,
      user: session.status === "signed-in" ? session.user : null,
      token: session.status === "signed-in" ? session.token : null,
      loading: session.status === "loading",
      login,
      register,
      logout,
    }),
    [session],
  );
  return <AuthContext.Provider value={auth}>{children}</AuthContext.Provider>;
}

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error(authMessages.useAuthOutsideProvider);
  return auth;
}
