import { storageKeys } from "@klarwerk/kit";
import { useSyncExternalStore } from "react";
import { type EarlyConsent, earlyConsentName } from "./early-consent";

/**
 * The visitor's choice about the third-party review widget, kept in local storage: nothing of
 * the third party loads before "accepted" (the widget sends the visitor's data to its host).
 */
export type ConsentChoice = "accepted" | "rejected";

export interface ConsentState {
  /** null: not decided yet; "unknown": rendered without a browser (prerender, hydration). */
  choice: ConsentChoice | null | "unknown";
  /** The banner is open again to change an earlier choice (footer "Datenschutz-Einstellungen"). */
  reviewing: boolean;
}

const serverState: ConsentState = { choice: "unknown", reviewing: false };
const listeners = new Set<() => void>();
let reviewing = false;
/** The last choice made on this page: what holds when storage refuses to keep it. */
let choiceThisPage: ConsentChoice | null = null;
let state: ConsentState | null = null;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function readChoice(): ConsentChoice | null {
  const value = storage()?.getItem(storageKeys.consent);
  return value === "accepted" || value === "rejected" ? value : choiceThisPage;
}

function publish(): void {
  state = { choice: readChoice(), reviewing };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  // React's handlers are in place: the head script's listener steps aside.
  earlyConsent()?.handOver();
  listeners.add(listener);
  // Another tab decided: follow it.
  const onStorage = (event: StorageEvent) => {
    if (event.key === storageKeys.consent) publish();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

function snapshot(): ConsentState {
  state ??= { choice: readChoice(), reviewing };
  return state;
}

function earlyConsent(): EarlyConsent | undefined {
  return typeof window === "undefined"
    ? undefined
    : (window as unknown as Record<string, EarlyConsent | undefined>)[earlyConsentName];
}

/** The current choice; "unknown" while prerendering and hydrating, so the HTML matches. */
export function useConsent(): ConsentState {
  return useSyncExternalStore(subscribe, snapshot, () => serverState);
}

export function decideConsent(choice: ConsentChoice): void {
  const withdrawn = readChoice() === "accepted" && choice === "rejected";
  choiceThisPage = choice;
  try {
    storage()?.setItem(storageKeys.consent, choice);
  } catch {
    // Storage full or blocked: the choice holds for this page view only.
  }
  reviewing = false;
  publish();
  // A loaded third-party script cannot be unloaded: a fresh page is the only way to be rid of it.
  if (withdrawn) window.location.reload();
}

export function reviewConsent(): void {
  reviewing = true;
  publish();
}

// A press before this module loaded decided or reopened already; from now on presses come here.
const early = earlyConsent();
if (early) {
  reviewing = early.reviewing;
  choiceThisPage = early.choice;
  early.decide = decideConsent;
  early.review = reviewConsent;
}
