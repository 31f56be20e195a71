import { routedHref } from "../navigation/links";

/**
 * A prerendered public page shows its content, and its header and footer work, before anything of
 * its content's module has loaded. That module (with the federation runtime, for a marketing page)
 * loads at the visitor's first interaction with the page: nothing before it needs it, and a visit
 * that only reads costs no more than the layout (docs/decisions/0081-front-end-apps-in-detail.md, "Public
 * pages").
 */
// "click" for activations that come without a pointer or key event (assistive technology).
const interactionEvents = ["pointerdown", "pointermove", "touchstart", "keydown", "focusin", "wheel", "click"] as const;
const listening = { capture: true, passive: true } as const;

let interacted = false;
let release: () => void = () => {};
const interaction = new Promise<void>((resolve) => {
  release = resolve;
});

/** Resolves at the visitor's first interaction with the page, or at the first navigation. */
export function firstInteraction(): Promise<void> {
  return interaction;
}

export function interactionHappened(): void {
  if (interacted) return;
  interacted = true;
  for (const type of interactionEvents) document.removeEventListener(type, interactionHappened, listening);
  release();
}

export function watchForFirstInteraction(): void {
  if (interacted) return;
  // Focus already in the page: the visitor clicked or typed before this script ran (a form filled
  // while the page loaded), and those events are gone; waiting for another would keep the form's
  // button disabled until the mouse happens to move.
  const focused = document.activeElement;
  if (focused !== null && focused !== document.body && focused !== document.documentElement) {
    interactionHappened();
    return;
  }
  for (const type of interactionEvents) document.addEventListener(type, interactionHappened, listening);
}

/**
 * Until the first page's screen has hydrated, React ignores clicks in it (and stops them): a link
 * there would load a new document, a button would do nothing. Links are routed here instead, like
 * the layout routes them, and the last click on a control is repeated once the screen has hydrated
 * (a card's "Details ansehen" tapped while its module loads still opens).
 */
let pending: { main: Element; navigate: (to: string) => void } | null = null;
let heldControl: HTMLElement | null = null;
let firstScreenShown = false;

function onClickBeforeHydration(event: MouseEvent): void {
  const target = event.target;
  if (!pending || !(target instanceof Element) || !pending.main.contains(target)) return;
  const to = routedHref(event);
  if (to !== null) {
    event.preventDefault();
    pending.navigate(to);
    return;
  }
  const control = target.closest("button, summary, [role='button']");
  if (control instanceof HTMLElement) heldControl = control;
}

/** Takes the clicks in `main` until the first screen has hydrated (see above). */
export function routeClicksUntilScreenShown(main: Element, navigate: (to: string) => void): void {
  if (firstScreenShown || pending) return;
  pending = { main, navigate };
  document.addEventListener("click", onClickBeforeHydration, true);
}

/** Called once a page's screen has hydrated or rendered. */
export function screenShown(): void {
  firstScreenShown = true;
  if (!pending) return;
  pending = null;
  document.removeEventListener("click", onClickBeforeHydration, true);
  const control = heldControl;
  heldControl = null;
  if (control?.isConnected && !control.matches(":disabled")) control.click();
}
