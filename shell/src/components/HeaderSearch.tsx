import { siteSearchMessages as messages } from "@klarwerk/kit";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { loadOnce } from "../navigation/load-once";

type PanelModule = typeof import("./HeaderSearchPanel");

/** The field and its hits: a chunk of its own, loaded on the first hover, focus, click or `/`. */
const panelChunk = loadOnce<PanelModule>(() => import("./HeaderSearchPanel"));
const HeaderSearchPanel = lazy(() =>
  panelChunk.load().then(
    (module) => ({ default: module.HeaderSearchPanel }),
    // Offline or a new release meanwhile: say so in the panel's place instead of failing the header.
    () => ({ default: PanelFailed }),
  ),
);

function PanelFailed() {
  return (
    <div className="header-search__panel" role="alert">
      <p className="header-search__note">{messages.failed}</p>
    </div>
  );
}

/** Whether `/` typed here is text, not the shortcut. */
function typingInto(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.closest("input, textarea, select, [contenteditable]") !== null;
}

/**
 * The portal header's search (docs/decisions/0102-portal-header-search.md): a button („Suche“, a
 * magnifier) that opens a field with the hits below the header; `/` opens it from anywhere but a
 * field. Only the button is in the header's bundle.
 */
export function HeaderSearch({ pathname, onOpen }: { pathname: string; onOpen(): void }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const preload = () => void panelChunk.load().catch(() => undefined);

  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      // Typing, or a dialog open over the page (the search would open behind it).
      if (typingInto(event.target) || document.querySelector('[aria-modal="true"]')) return;
      event.preventDefault();
      setOpen(true);
      onOpen();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [onOpen]);

  // A navigation (a hit, a link, the back button) closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the pathname is the trigger
  useEffect(() => {
    setOpen(false);
  }, [pathname]);

  return (
    <div className="header-search">
      <button
        ref={button}
        type="button"
        className="header-search__button"
        aria-label={messages.label}
        aria-expanded={open}
        aria-keyshortcuts="/"
        title={`${messages.label} (${messages.shortcut})`}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          if (!open) onOpen();
          setOpen(!open);
        }}
      >
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m20 20-4-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {open && (
        <Suspense fallback={null}>
          <HeaderSearchPanel onClose={close} anchor={button} />
        </Suspense>
      )}
    </div>
  );
}
