import { storageKeys } from "@klarwerk/kit";

let kept: string | null = null;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The visitor's random id (docs/architecture.md, "Releases and rollout"): made once and kept, so
 * the server puts the visitor in the same canary bucket on every page load. Without storage it
 * lasts the page view.
 */
export function visitorId(): string {
  if (kept) return kept;
  const stored = storage()?.getItem(storageKeys.visitor) ?? null;
  if (stored && /^[A-Za-z0-9_-]{8,64}$/.test(stored)) {
    kept = stored;
    return stored;
  }
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  kept = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
  try {
    storage()?.setItem(storageKeys.visitor, kept);
  } catch {
    // Storage full or refused: the id lasts the page view.
  }
  return kept;
}
