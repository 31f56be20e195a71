import { site, useAuth } from "@klarwerk/kit";
import { useEffect, useId, useState } from "react";
import { Link, NavLink, useLocation, useNavigate } from "react-router";
import { BrandMark } from "./BrandMark";

const publicLinks = [
  { to: "/", label: "Home" },
  { to: "/about", label: "Über uns" },
  { to: "/services", label: "Leistungen" },
  { to: "/contact", label: "Kontakt" },
] as const;

const portalLinks = [
  { to: "/data", label: "Dateien" },
  { to: "/customers", label: "Kunden" },
] as const;

function navClass({ isActive }: { isActive: boolean }): string {
  return isActive ? "site-nav__link site-nav__link--active" : "site-nav__link";
}

export function Header() {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const menuId = useId();

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

  function closeOnLinkClick(event: React.MouseEvent<HTMLElement>): void {
    if (event.target instanceof Element && event.target.closest("a")) setOpen(false);
  }

  async function onLogout(): Promise<void> {
    setOpen(false);
    // Leave the page first: ending the session while a protected screen is still mounted would
    // let its guard redirect to /login instead of the home page.
    await navigate("/", { flushSync: true });
    logout();
  }

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="brand" aria-label={`${site.name} – Startseite`}>
          <BrandMark />
          <span className="brand__name">{site.name}</span>
        </Link>
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? "Menü schließen" : "Menü öffnen"}
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
                <NavLink to={link.to} end className={navClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
            {user &&
              portalLinks.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} end className={navClass}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
          </ul>
          {user && (
            <div className="site-nav__actions">
              <NavLink
                to="/dashboard"
                end
                className={({ isActive }) =>
                  isActive ? "kw-button kw-button--primary kw-button--active" : "kw-button kw-button--primary"
                }
              >
                Dashboard
              </NavLink>
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
