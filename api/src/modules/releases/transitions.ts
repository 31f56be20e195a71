import type { AuditAction, RolloutAction } from "@klarwerk/kit";
import { HttpError } from "../../http/errors.ts";
import { releaseMessages as messages } from "./messages.ts";

/** A remote's rollout as it is locked and written: release ids. */
export interface Rollout {
  active: number;
  previous: number | null;
  canary: number | null;
  share: number;
}

/** What a caller asks of a remote's rollout; `activate` is answered by two rows (`when`). */
export type Asked = "activate" | "canary" | "promote" | "stop" | "auto-stop";

/** A release a transition names: the version a call names, or the canary the auto-stop judged. */
export interface Named {
  id: number;
  version: string;
}

/** A refusal; null: the transition quietly does nothing (an auto-stop whose canary is gone already). */
type Refusal = (() => HttpError) | null;

interface Row {
  asked: Asked;
  /** Of the rows answering one request, whether this one applies; absent: always. */
  when?: (state: Rollout | null, release: number | null) => boolean;
  /** What the history (`rollout_events`) and the audit trail call it. */
  event: RolloutAction;
  audit: AuditAction;
  /** Whether the history records the share asked (a canary's). */
  recordsShare?: true;
}

/**
 * The states a row may start from, each with its `next` typed for it: any (even none, a remote
 * served from `REMOTE_<NAME>_URL`); a rollout with an active release; a running canary (the one
 * named, if the row names one). Anything else is the row's refusal.
 */
export type Transition = Row &
  (
    | { from: "anything"; next: (state: Rollout | null, release: number) => Rollout }
    | { from: "rollout"; refusal: Refusal; next: (state: Rollout, release: number, share: number) => Rollout }
    | { from: "canary"; refusal: Refusal; next: (state: Rollout, canary: number) => Rollout }
  );

const noRollout = () => new HttpError(409, "rollout-no-active-release", messages.noActiveRelease);
const noCanary = () => new HttpError(409, "rollout-no-canary", messages.noCanary);

/** Every change of a remote's rollout, one row each; `transitionFrom` applies them. */
export const transitions: readonly Transition[] = [
  {
    asked: "activate",
    // Back to an earlier release: the one rolled back from is no good release to fall back to.
    when: (state, release) => state !== null && release !== null && release < state.active,
    event: "rollback",
    audit: "release.rolled_back",
    from: "rollout",
    refusal: noRollout,
    next: (state, release) => ({
      ...keepCanaryUnless(state, release),
      active: release,
      previous: state.previous === release ? null : state.previous,
    }),
  },
  {
    asked: "activate",
    event: "activate",
    audit: "release.activated",
    from: "anything",
    next: (state, release) => ({
      ...keepCanaryUnless(state, release),
      active: release,
      previous: state?.active ?? null,
    }),
  },
  {
    asked: "canary",
    event: "canary",
    audit: "release.canary_started",
    recordsShare: true,
    from: "rollout",
    refusal: noRollout,
    next: (state, release, share) => ({ ...state, canary: release, share }),
  },
  {
    asked: "promote",
    event: "promote",
    audit: "release.promoted",
    from: "canary",
    refusal: noCanary,
    next: (state, canary) => ({ active: canary, previous: state.active, canary: null, share: 0 }),
  },
  {
    asked: "stop",
    event: "stop",
    audit: "release.canary_stopped",
    from: "canary",
    refusal: noCanary,
    next: (state) => ({ ...state, canary: null, share: 0 }),
  },
  {
    asked: "auto-stop",
    event: "auto-stop",
    audit: "release.canary_auto_stopped",
    // Stopped or promoted meanwhile by someone else: nothing left to stop.
    from: "canary",
    refusal: null,
    next: (state) => ({ ...state, canary: null, share: 0 }),
  },
];

/** The canary and its share stay, unless the canary is what becomes active. */
function keepCanaryUnless(state: Rollout | null, release: number): Pick<Rollout, "canary" | "share"> {
  const canary = state?.canary === release ? null : (state?.canary ?? null);
  return { canary, share: canary === null ? 0 : (state?.share ?? 0) };
}

/**
 * The one way a remote's rollout changes: the row answering `asked` from the locked `state`, the
 * release it acts on (the one named, or the canary) and the rollout after it; a refusal is thrown,
 * in the order the routes document (not the state it starts from, then a named release already active).
 * Null: nothing to do (`refusal: null`).
 */
export function transitionFrom(
  asked: Asked,
  state: Rollout | null,
  named: Named | null,
  share: number,
): { row: Transition; release: number; next: Rollout } | null {
  const row = transitions.find(
    (candidate) => candidate.asked === asked && (candidate.when?.(state, named?.id ?? null) ?? true),
  );
  if (!row) throw new Error(`no transition answers "${asked}"`);
  const refuse = (refusal: Refusal) => {
    if (refusal === null) return null;
    throw refusal();
  };
  if (row.from === "canary") {
    const canary = state?.canary ?? null;
    if (state === null || canary === null || (named !== null && named.id !== canary)) return refuse(row.refusal);
    return { row, release: canary, next: row.next(state, canary) };
  }
  if (named === null) throw new Error(`"${asked}" names a release`);
  if (state?.active === named.id)
    throw new HttpError(409, "release-already-active", messages.alreadyActive(named.version));
  if (row.from === "anything") return { row, release: named.id, next: row.next(state, named.id) };
  if (state === null) return refuse(row.refusal);
  return { row, release: named.id, next: row.next(state, named.id, share) };
}
