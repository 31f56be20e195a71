import { storageKeys } from "@klarwerk/kit";
import type { ConsentChoice } from "./consent";

/**
 * What the head script of a prerendered page (earlyConsentScript) learned before this module
 * loaded (consent.ts), and how it hands the buttons over. The name is fixed: the script and this module meet
 * on `window` only.
 */
export interface EarlyConsent {
  /** The choice made before this module loaded, for a page view whose storage refused it. */
  choice: ConsentChoice | null;
  /** "Datenschutz-Einstellungen" was pressed before this module loaded. */
  reviewing: boolean;
  /** Set by consent.ts once loaded: from then on the head script passes each press on. */
  decide?: (choice: ConsentChoice) => void;
  review?: () => void;
  /** Removes the head script's listener: React's handlers take over. */
  handOver: () => void;
}
export const earlyConsentName = "klarwerkEarlyConsent";

/** The attribute that names what a control of the banner or the footer does with the choice. */
const consentActionAttribute = "data-consent-action";
type ConsentAction = ConsentChoice | "review";

/** Marks a button as one the head script takes presses of before React does. */
export function consentControl(action: ConsentAction): { [consentActionAttribute]: ConsentAction } {
  return { [consentActionAttribute]: action };
}

/**
 * Runs in the head of each prerendered page, before the page's modules. A visitor who decided
 * before never sees the banner that is part of the HTML (consent.css hides it). And a press on
 * "Akzeptieren", "Ablehnen" or "Datenschutz-Einstellungen" counts from the first paint on: until
 * React's handlers are in place the page's HTML has none, so this document listener takes the
 * press (and keeps React from seeing it twice), stores the choice and hides or shows the banner;
 * once consent.ts has loaded it passes the press on to decideConsent and reviewConsent.
 */
function takeEarlyConsent(key: string, name: string, attribute: string): void {
  const root = document.documentElement;
  const markDecided = (decided: boolean) => root.toggleAttribute("data-consent-decided", decided);
  try {
    const stored = localStorage.getItem(key);
    markDecided(stored === "accepted" || stored === "rejected");
  } catch {
    // Storage blocked: the banner asks.
  }
  const onPress = (event: Event) => {
    const control = event.target instanceof Element ? event.target.closest(`[${attribute}]`) : null;
    const action = control?.getAttribute(attribute);
    if (action !== "accepted" && action !== "rejected" && action !== "review") return;
    event.stopPropagation();
    // The banner in the page's HTML shows or hides at once, whoever handles the press.
    markDecided(action !== "review");
    if (action === "review") {
      if (early.review) return early.review();
      early.reviewing = true;
      root.querySelector<HTMLElement>(".consent h2")?.focus();
      return;
    }
    if (early.decide) return early.decide(action);
    early.choice = action;
    early.reviewing = false;
    try {
      localStorage.setItem(key, action);
    } catch {
      // Storage full or blocked: the choice holds for this page view only.
    }
  };
  const early: EarlyConsent = {
    choice: null,
    reviewing: false,
    handOver: () => document.removeEventListener("click", onPress, true),
  };
  (window as unknown as Record<string, EarlyConsent>)[name] = early;
  document.addEventListener("click", onPress, true);
}

/** The head script of a prerendered page (see takeEarlyConsent). */
export function earlyConsentScript(): string {
  const args = [storageKeys.consent, earlyConsentName, consentActionAttribute].map((value) => JSON.stringify(value));
  return `(${takeEarlyConsent.toString()})(${args.join(",")})`;
}
