import { refreshSession, restoreSession } from "@klarwerk/kit/browser";
import { useEffect, useLayoutEffect, useMemo } from "react";
import { Layout } from "../components/Layout";
import { preloadScreen, ScreenRoute } from "../components/RemoteRoute";
import { NavigationContext } from "../navigation/navigation";
import { type How, useRouter } from "../navigation/router";
import { routeClicksUntilScreenShown } from "./interaction";
import { type PublicPage, publicPageFor, screenKey } from "./pages";
import { screenSourceFor } from "./screens";

export interface PublicRouterProps {
  /** The public page the document was loaded for. */
  initialPath: string;
  /** Navigation to a path that is not a public page: the portal's router takes over from there. */
  onLeave(href: string, how: How): Promise<void>;
}

const preloadPage = (page: PublicPage) => preloadScreen(screenSourceFor(page));

/**
 * The router of the public pages (the marketing pages, sign-in and sign-up): the shell's light
 * router (navigation/router.ts) over these pages alone, which a first visit of "/" can afford
 * (docs/decisions/0036-public-page-budget.md). It waits for the next page's module before
 * switching, so the current page stays until the next one can be shown. Anything that is not a
 * public page goes to `onLeave`.
 */
export function PublicRouter({ initialPath, onLeave }: PublicRouterProps) {
  const { navigation, route } = useRouter({ initialPath, routeFor: publicPageFor, preload: preloadPage, onLeave });

  // The session is restored after hydration: the prerendered HTML is the anonymous layout. Only a
  // stored session costs a call (`GET /api/session`); anonymous visitors send none.
  useEffect(() => {
    restoreSession();
    void refreshSession();
  }, []);

  // Before the first page's screen has hydrated, its links are routed from outside React.
  useLayoutEffect(() => {
    const main = document.getElementById("main");
    if (main) routeClicksUntilScreenShown(main, (to) => void navigation.navigate(to));
  }, [navigation]);

  // The same element until the page changes: new props would make React drop a prerendered page
  // that is still waiting for its module instead of hydrating it.
  const page = useMemo(() => <ScreenRoute key={screenKey(route)} source={screenSourceFor(route)} />, [route]);

  return (
    <NavigationContext value={navigation}>
      <Layout>{page}</Layout>
    </NavigationContext>
  );
}
