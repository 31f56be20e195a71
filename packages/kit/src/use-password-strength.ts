/**
 * The strength verdict on a password while it is typed: the same check, and the same German
 * reason, as the API's (`@klarwerk/kit/password-strength`). React only, no UI library: the portal's
 * Mantine field (`@klarwerk/kit/new-password`) and the shell's light sign-up and reset forms both
 * show it. The check's dictionaries (about 1 MB) are their own chunk, loaded on the field's first
 * focus or input, so no other page and no visitor who never types a password pays for them.
 */
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from "react";
import type { PasswordOwner, PasswordVerdict } from "./password-strength";
import { limits } from "./rules";

type JudgePassword = typeof import("./password-strength").judgePassword;

let judgeLoading: Promise<JudgePassword> | null = null;

/** One load per page, shared by every field; a failed load (offline) is tried again next time. */
function loadJudge(): Promise<JudgePassword> {
  judgeLoading ??= import(/* webpackChunkName: "password-strength" */ "./password-strength").then(
    (module) => module.judgePassword,
    (error: unknown) => {
      judgeLoading = null;
      throw error;
    },
  );
  return judgeLoading;
}

export interface PasswordStrength {
  /** The verdict on the password as typed; null until the check is loaded and below the minimum length. */
  verdict: PasswordVerdict | null;
  /** True from `load()` until the check has arrived. */
  checking: boolean;
  /** Starts loading the check; call it on the password field's first focus or input. */
  load(): void;
}

/** The strength verdict on `password`, once `load()` was called; `owner` names whose password it is. */
export function usePasswordStrength(password: string, owner: PasswordOwner = {}): PasswordStrength {
  const [judge, setJudge] = useState<JudgePassword | null>(null);
  const [requested, setRequested] = useState(false);

  useEffect(() => {
    if (!requested || judge) return;
    let current = true;
    loadJudge().then(
      (loaded) => {
        if (current) setJudge(() => loaded);
      },
      (error: unknown) => {
        console.error("Die Passwortprüfung konnte nicht geladen werden:", error);
        if (current) setRequested(false);
      },
    );
    return () => {
      current = false;
    };
  }, [requested, judge]);

  const load = useCallback(() => setRequested(true), []);
  // Typing stays responsive: the check (a few milliseconds, the first one longer) runs on the
  // value React has time for.
  const typed = useDeferredValue(password);
  const { name, email } = owner;
  const verdict = useMemo(
    () => (judge && typed.length >= limits.passwordMin ? judge(typed, { name, email }) : null),
    [judge, typed, name, email],
  );
  return { verdict, checking: requested && !judge, load };
}
