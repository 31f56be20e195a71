import {
  formatDate,
  siteSearchMessages as messages,
  type SiteSearchAnswer,
  siteSearchLimits,
  siteSearchLinks,
} from "@klarwerk/kit";
import { callApi } from "@klarwerk/kit/browser";
import { type KeyboardEvent, type RefObject, useEffect, useId, useMemo, useRef, useState } from "react";
import { useShellNavigation } from "../navigation/navigation";

/** One hit as the list shows it: where it opens, its name and a second line. */
interface Hit {
  key: string;
  href: string;
  label: string;
  detail: string;
}

interface Group {
  heading: string;
  hits: Hit[];
  more: boolean;
}

type Result =
  | { state: "idle" }
  | { state: "loading"; term: string }
  | { state: "failed"; term: string }
  | { state: "done"; term: string; groups: Group[] };

/** How long typing pauses before the server is asked. */
const typingPauseMs = 200;

function groupsOf(answer: SiteSearchAnswer): Group[] {
  return [
    {
      heading: messages.customers,
      more: answer.customers.more,
      hits: answer.customers.hits.map((hit) => ({
        key: `customer-${hit.id}`,
        href: siteSearchLinks.customer(hit),
        label: hit.name,
        detail: [hit.email, hit.phone].filter(Boolean).join(" · "),
      })),
    },
    {
      heading: messages.invoices,
      more: answer.invoices.more,
      hits: answer.invoices.hits.map((hit) => ({
        key: `invoice-${hit.id}`,
        href: siteSearchLinks.invoice(hit),
        label: hit.number ?? messages.draft,
        detail: `${hit.recipient_name} · ${formatDate(hit.issue_date)}`,
      })),
    },
    {
      heading: messages.files,
      more: answer.files.more,
      hits: answer.files.hits.map((hit) => ({
        key: `file-${hit.id}`,
        href: siteSearchLinks.file(hit),
        label: hit.name,
        detail: [messages.rootFolder, ...hit.folder_path.map((step) => step.name)].join(" / "),
      })),
    },
  ].filter((group) => group.hits.length > 0);
}

/**
 * The header search's field and hits (a chunk of its own, HeaderSearch.tsx loads it): a combobox
 * whose list groups the hits under „Kunden“, „Rechnungen“, „Dateien“; ↑/↓ move through them, Enter
 * opens the marked one, Escape (or a click outside) closes. Each hit is a link, so a click, a
 * middle click or „open in new tab“ work as on any link.
 */
export function HeaderSearchPanel({
  onClose,
  anchor,
}: {
  onClose(refocus: boolean): void;
  anchor: RefObject<HTMLElement | null>;
}) {
  const { navigate } = useShellNavigation();
  const [text, setText] = useState("");
  const [result, setResult] = useState<Result>({ state: "idle" });
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const listId = useId();
  const term = text.trim();
  const tooShort = [...term].length < siteSearchLimits.termMin;

  useEffect(() => input.current?.focus(), []);

  useEffect(() => {
    setActive(-1);
    if (tooShort || [...term].length > siteSearchLimits.termMax) {
      setResult({ state: "idle" });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setResult((current) => (current.state === "done" ? current : { state: "loading", term }));
      callApi("GET /api/search", { query: { q: term }, signal: controller.signal }).then(
        (answer) => setResult({ state: "done", term, groups: groupsOf(answer) }),
        () => {
          if (!controller.signal.aborted) setResult({ state: "failed", term });
        },
      );
    }, typingPauseMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [term, tooShort]);

  // A click or focus outside the panel and its button closes it.
  useEffect(() => {
    const outside = (event: Event) => {
      const target = event.target;
      if (!(target instanceof Node)) return;
      if (panel.current?.contains(target) || anchor.current?.contains(target)) return;
      onClose(false);
    };
    document.addEventListener("pointerdown", outside);
    document.addEventListener("focusin", outside);
    return () => {
      document.removeEventListener("pointerdown", outside);
      document.removeEventListener("focusin", outside);
    };
  }, [onClose, anchor]);

  const groups = useMemo(() => (result.state === "done" && !tooShort ? result.groups : []), [result, tooShort]);
  const hits = useMemo(() => groups.flatMap((group) => group.hits), [groups]);
  const optionId = (index: number) => `${listId}-${index}`;

  // The marked hit stays in view inside the panel (scrollIntoView would scroll the page too).
  useEffect(() => {
    const option = active >= 0 ? document.getElementById(`${listId}-${active}`) : null;
    const box = panel.current;
    if (!option || !box) return;
    const shown = box.getBoundingClientRect();
    const place = option.getBoundingClientRect();
    if (place.top < shown.top) box.scrollTop -= shown.top - place.top;
    else if (place.bottom > shown.bottom) box.scrollTop += place.bottom - shown.bottom;
  }, [active, listId]);

  function open(hit: Hit): void {
    const url = new URL(hit.href, window.location.href);
    onClose(false);
    // The same screen with other parameters: screens read theirs when they start, so load it anew.
    if (url.pathname === window.location.pathname) window.location.assign(hit.href);
    else void navigate(hit.href);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    if (event.key === "Escape") {
      event.preventDefault();
      onClose(true);
    } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (hits.length === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => {
        if (current < 0) return step > 0 ? 0 : hits.length - 1;
        return (current + step + hits.length) % hits.length;
      });
    } else if (event.key === "Enter") {
      const hit = hits[active];
      if (!hit) return;
      event.preventDefault();
      open(hit);
    }
  }

  let status: string | null = null;
  if (tooShort) status = messages.hint;
  else if (result.state === "failed") status = messages.failed;
  else if (result.state === "loading") status = messages.loading;
  else if (result.state === "done" && hits.length === 0) status = messages.none(result.term);

  let index = 0;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the panel closes it, as in the field
    <div
      ref={panel}
      className="header-search__panel"
      onKeyDown={(event) => {
        if (event.key === "Escape" && event.target !== input.current) onClose(true);
      }}
    >
      <input
        ref={input}
        type="search"
        className="header-search__input"
        role="combobox"
        aria-label={messages.label}
        aria-expanded={hits.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? optionId(active) : undefined}
        placeholder={messages.placeholder}
        autoComplete="off"
        spellCheck={false}
        maxLength={siteSearchLimits.termMax + 20}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={onKeyDown}
      />
      <p className="header-search__note" role="status">
        {status}
      </p>
      <div
        id={listId}
        role="listbox"
        aria-label={messages.results}
        className="header-search__list"
        hidden={hits.length === 0}
      >
        {groups.map((group) => (
          // biome-ignore lint/a11y/useSemanticElements: a listbox's group of options (ARIA), not a form's fieldset
          <div key={group.heading} role="group" aria-label={group.heading} className="header-search__group">
            <div className="header-search__heading" aria-hidden="true">
              {group.heading}
            </div>
            {group.hits.map((hit) => {
              const position = index++;
              return (
                <a
                  key={hit.key}
                  id={optionId(position)}
                  role="option"
                  aria-selected={position === active}
                  tabIndex={-1}
                  href={hit.href}
                  data-reload={
                    new URL(hit.href, window.location.href).pathname === window.location.pathname ? "" : undefined
                  }
                  className="header-search__hit"
                  onPointerMove={() => setActive(position)}
                  onClick={() => onClose(false)}
                >
                  <span className="header-search__label">{hit.label}</span>
                  {hit.detail && <span className="header-search__detail">{hit.detail}</span>}
                </a>
              );
            })}
            {group.more && <div className="header-search__more">{messages.more}</div>}
          </div>
        ))}
      </div>
    </div>
  );
}
