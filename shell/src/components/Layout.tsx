import { useEffect } from "react";
import { Outlet, ScrollRestoration, useMatches, useNavigation } from "react-router";
import type { RouteHandle } from "../federation/remoteRoutes";
import { Footer } from "./Footer";
import { Header } from "./Header";
import "./layout.css";

const defaultTitle = "Klarwerk Digital – Digitalisierung für den Mittelstand";

function useDocumentTitle(): void {
  const matches = useMatches();
  let title = defaultTitle;
  for (const match of matches) {
    const handle = match.handle as RouteHandle | undefined;
    if (handle?.title) title = handle.title;
  }
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** Sticky header, main area and footer around every page. Plain React and CSS: no Mantine here. */
export function Layout() {
  const navigation = useNavigation();
  useDocumentTitle();
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Zum Inhalt springen
      </a>
      <div className="nav-progress" data-active={navigation.state !== "idle"} aria-hidden="true" />
      <Header />
      <main id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
