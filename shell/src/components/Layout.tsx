import type { MouseEvent, ReactNode } from "react";
import { ConsentBanner } from "../consent/ConsentBanner";
import { routedHref } from "../navigation/links";
import { useShellNavigation } from "../navigation/navigation";
import { ToastRegion } from "../toasts/ToastRegion";
import { Footer } from "./Footer";
import { Header } from "./Header";

/**
 * Sticky header, main area and footer around every page. Plain React and CSS, no Mantine and no
 * router: whichever router runs provides the navigation, and clicks on in-app links anywhere in
 * the page (header, footer, a remote's content) are routed through it.
 */
export function Layout({ children }: { children: ReactNode }) {
  const navigation = useShellNavigation();

  function routeLinkClick(event: MouseEvent<HTMLElement>): void {
    const to = routedHref(event);
    if (to === null) return;
    event.preventDefault();
    void navigation.navigate(to);
  }

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: only routes clicks the links themselves receive (Enter on a link is a click)
    <div className="app" onClick={routeLinkClick}>
      <a className="skip-link" href="#main">
        Zum Inhalt springen
      </a>
      <div className="nav-progress" data-active={navigation.pending} aria-hidden="true" />
      <Header />
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
      <ConsentBanner />
      <ToastRegion />
    </div>
  );
}
