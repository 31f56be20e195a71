import { useAtomValue } from "jotai";
import { createContext, type ReactNode, useContext, useMemo } from "react";
import { authMessages } from "../messages";
import type { User } from "../users";
import { ApiError, apiJson } from "./api";
import { endSession, type Session, sessionAtom, startSession } from "./session";

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
}

export interface LoginAnswer {
  user: User;
  token: string;
}

export interface Auth {
  session: Session;
  user: User | null;
  token: string | null;
  loading: boolean;
  /** Resolves false (and logs the server's reason) instead of throwing, as the screens expect. */
  login(credentials: Credentials): Promise<boolean>;
  register(registration: Registration): Promise<boolean>;
  logout(): void;
}

function reasonOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

async function login(credentials: Credentials): Promise<boolean> {
  try {
    const answer = await apiJson<LoginAnswer>("/api/login", { json: credentials });
    startSession(answer.user, answer.token);
    return true;
  } catch (error) {
    console.error(reasonOf(error, authMessages.loginFailedTitle));
    return false;
  }
}

async function register(registration: Registration): Promise<boolean> {
  const payload = { ...registration, confirmPassword: registration.confirmPassword ?? registration.password };
  try {
    await apiJson("/api/register", { json: payload });
    return true;
  } catch (error) {
    console.error(reasonOf(error, authMessages.registerFailedTitle));
    return false;
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
      logout: endSession,
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
