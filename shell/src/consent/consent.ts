import { storageKeys } from "@klarwerk/kit";
import { useSyncExternalStore } from "react";

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
  return value === "accepted" || value === "rejected" ? value : null;
}

function publish(): void {
  state = { choice: readChoice(), reviewing };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
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

/**
 * For the head of a prerendered page: marks the document before its first paint when the visitor
 * already decided, so the banner in the HTML stays hidden (consent.css) until the page hydrates
 * and drops it.
 */
export const consentDecidedScript = `try{var c=localStorage.getItem(${JSON.stringify(storageKeys.consent)});if(c==="accepted"||c==="rejected")document.documentElement.setAttribute("data-consent-decided","")}catch(e){}`;

/** The current choice; "unknown" while prerendering and hydrating, so the HTML matches. */
export function useConsent(): ConsentState {
  return useSyncExternalStore(subscribe, snapshot, () => serverState);
}

export function decideConsent(choice: ConsentChoice): void {
  const withdrawn = readChoice() === "accepted" && choice === "rejected";
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
