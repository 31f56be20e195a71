import { site } from "@klarwerk/kit";
import { logout, sessionAtom } from "@klarwerk/kit/browser";
import { operationsAnchor } from "@klarwerk/mf-dashboard/screens";
import { useAtomValue } from "jotai";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useShellNavigation } from "../navigation/navigation";
import { BrandMark } from "./BrandMark";
import { HeaderSearch } from "./HeaderSearch";

const publicLinks = [
  { to: "/", label: "Home" },
  { to: "/about", label: "Über uns" },
  { to: "/services", label: "Leistungen" },
  { to: "/contact", label: "Kontakt" },
] as const;

interface Link {
  to: string;
  label: string;
}

/** Staff's tools (docs/decisions/0071-portal-navigation.md): the spec's two, and the Rechnungstool people use daily. */
const staffLinks: readonly Link[] = [
  { to: "/customers", label: "Kunden" },
  { to: "/data", label: "Dateien" },
];

const invoiceGroup = {
  label: "Rechnungen",
  links: [
    { to: "/invoices", label: "Rechnungstool" },
    { to: "/invoices/auswertung", label: "Auswertung" },
    { to: "/invoices/angebote", label: "Angebote" },
    { to: "/invoices/wiederkehrend", label: "Wiederkehrende Rechnungen" },
  ],
} as const;

/**
 * Only admins see these, under one entry so the header stays on one line; the routes themselves
 * refuse everyone else too (RequireAdmin). „Betrieb“ is the dashboard's block of that name.
 */
const adminGroup = {
  label: "Verwaltung",
  links: [
    { to: "/users", label: "Benutzer" },
    { to: "/outbox", label: "Postausgang" },
    { to: "/releases", label: "Auslieferung" },
    { to: "/audit", label: "Protokoll" },
    { to: "/privacy", label: "Datenschutz" },
    { to: `/dashboard#${operationsAnchor}`, label: "Betrieb" },
  ],
} as const;

function ButtonLink({
  to,
  label,
  pathname,
  primary,
}: {
  to: string;
  label: string;
  pathname: string;
  primary?: boolean;
}) {
  const active = pathname === to;
  const variant = primary ? "kw-button kw-button--primary" : "kw-button kw-button--ghost";
  return (
    <a
      href={to}
      className={active ? `${variant} kw-button--active` : variant}
      aria-current={active ? "page" : undefined}
    >
      {label}
    </a>
  );
}

/**
 * A header link, marked as the current page on its route. Plain `<a>`: the layout routes clicks on
 * in-app links, whichever router runs.
 */
function NavItem({ to, label, pathname }: { to: string; label: string; pathname: string }) {
  const active = pathname === to;
  return (
    <a
      href={to}
      className={active ? "site-nav__link site-nav__link--active" : "site-nav__link"}
      aria-current={active ? "page" : undefined}
    >
      {label}
    </a>
  );
}

/**
 * Links under one entry: a disclosure button (`aria-expanded`) and the list it shows, below it on
 * a wide screen, inline in the mobile menu. Escape, a click elsewhere or on one of its links
 * closes it; it is marked as current when one of its pages is shown.
 */
function NavGroup({ label, links, pathname }: { label: string; links: readonly Link[]; pathname: string }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const group = useRef<HTMLLIElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const current = links.some((link) => link.to === pathname);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the pathname is the trigger
  useEffect(() => {
    setOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!(event.target instanceof Node && group.current?.contains(event.target))) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    const onFocusIn = (event: FocusEvent) => {
      if (!(event.target instanceof Node && group.current?.contains(event.target))) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKey);
    document.addEventListener("focusin", onFocusIn);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("focusin", onFocusIn);
    };
  }, [open]);

  return (
    <li className="site-nav__group" ref={group}>
      <button
        ref={button}
        type="button"
        className={
          current ? "site-nav__link site-nav__link--active site-nav__toggle" : "site-nav__link site-nav__toggle"
        }
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
        <svg
          className="site-nav__chevron"
          width="12"
          height="12"
          viewBox="0 0 12 12"
          aria-hidden="true"
          focusable="false"
        >
          <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
      </button>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: links get Enter natively; this only closes the list */}
      <ul
        id={listId}
        className="site-nav__sublinks"
        hidden={!open}
        onClick={(event) => {
          if (event.target instanceof Element && event.target.closest("a")) setOpen(false);
        }}
      >
        {links.map((link) => (
          <li key={link.to}>
            <NavItem {...link} pathname={pathname} />
          </li>
        ))}
      </ul>
    </li>
  );
}

export function Header() {
  // The session atom itself, not useAuth(): the header sits outside any auth context on the
  // public pages (a context update there would throw away the prerendered page; see navigation.ts).
  const session = useAtomValue(sessionAtom);
  const user = session.status === "signed-in" ? session.user : null;
  const { pathname, navigate } = useShellNavigation();
  const [open, setOpen] = useState(false);
  // Disabled in the prerendered page until the script runs: a tap before would do nothing.
  const [interactive, setInteractive] = useState(false);
  const menuId = useId();

  useEffect(() => setInteractive(true), []);

  // Any navigation (link, back button, redirect) closes the mobile menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the pathname is the trigger
  useEffect(() => {
    setOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  // Opening the search closes the mobile menu: the hits show below the header's row.
  const closeMenu = useCallback(() => setOpen(false), []);

  function closeOnLinkClick(event: React.MouseEvent<HTMLElement>): void {
    if (event.target instanceof Element && event.target.closest("a")) setOpen(false);
  }

  async function onLogout(): Promise<void> {
    setOpen(false);
    // Leave the page first: ending the session while a protected screen is still mounted would
    // let its guard redirect to /login instead of the home page.
    await navigate("/", { flushSync: true });
    await logout();
  }

  return (
    <header className={user ? "site-header site-header--portal" : "site-header"}>
      <div className="site-header__inner">
        <a href="/" className="brand" aria-label={`${site.name} – Startseite`}>
          <BrandMark />
          <span className="brand__name">{site.name}</span>
        </a>
        {user && <HeaderSearch pathname={pathname} onOpen={closeMenu} />}
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? "Menü schließen" : "Menü öffnen"}
          disabled={!interactive}
          onClick={() => setOpen((value) => !value)}
        >
          <span className="menu-toggle__icon" data-open={open} aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
        </button>
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: links get Enter natively; this only closes the menu */}
        <nav id={menuId} className="site-nav" data-open={open} aria-label="Hauptnavigation" onClick={closeOnLinkClick}>
          <ul className="site-nav__links">
            {publicLinks.map((link) => (
              <li key={link.to}>
                <NavItem {...link} pathname={pathname} />
              </li>
            ))}
          </ul>
          {user && (
            <ul className="site-nav__links site-nav__links--portal">
              {staffLinks.map((link) => (
                <li key={link.to}>
                  <NavItem {...link} pathname={pathname} />
                </li>
              ))}
              <NavGroup {...invoiceGroup} pathname={pathname} />
              {user.role === "admin" && <NavGroup {...adminGroup} pathname={pathname} />}
            </ul>
          )}
          {user && (
            <div className="site-nav__actions">
              <ButtonLink to="/dashboard" label="Dashboard" pathname={pathname} primary />
              <ButtonLink to="/account" label="Konto" pathname={pathname} />
              <button type="button" className="kw-button kw-button--ghost" onClick={() => void onLogout()}>
                Logout
              </button>
            </div>
          )}
        </nav>
      </div>
    </header>
  );
}
