import { useEffect, useMemo } from "react";
import { ErrorBoundary } from "../components/ErrorBoundary";
import { Layout } from "../components/Layout";
import { NavigationContext } from "../navigation/navigation";
import { useRouter } from "../navigation/router";
import { RouteError } from "../routes/RouteError";
import { type FullRoute, fullRouteFor } from "./routes";

export type FullAppModule = typeof import("./FullApp");

const loadRoute = (route: FullRoute) => route.load?.();
const routeError = (error: Error) => <RouteError error={error} />;

/**
 * The portal's router: the shell's light router (navigation/router.ts) over every route, starting
 * at the address bar's location. It runs the rest of a visit once it reaches the portal (or
 * starts anywhere but a public page; see App.tsx): a new page is shown in a transition, and a page
 * that fails while rendering shows the error screen inside the layout until the next navigation.
 */
export function FullApp() {
  const { navigation, route, shown } = useRouter({
    initialPath: window.location.pathname,
    routeFor: fullRouteFor,
    preload: loadRoute,
    inTransition: true,
    startAtTop: true,
  });

  // Leaving the document: the browser may restore the scroll position if the visitor comes back
  // to it by a new load; within the document the router restores it.
  useEffect(() => {
    const onPageHide = () => {
      window.history.scrollRestoration = "auto";
    };
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) window.history.scrollRestoration = "manual";
    };
    window.addEventListener("pagehide", onPageHide);
    window.addEventListener("pageshow", onPageShow);
    return () => {
      window.removeEventListener("pagehide", onPageHide);
      window.removeEventListener("pageshow", onPageShow);
    };
  }, []);

  const page = useMemo(() => route.render(), [route]);
  return (
    // Only if the layout itself fails; errors of a page render inside the layout (below).
    <ErrorBoundary fallback={routeError}>
      <NavigationContext value={navigation}>
        <Layout>
          <ErrorBoundary resetKey={shown} fallback={routeError}>
            {page}
          </ErrorBoundary>
        </Layout>
      </NavigationContext>
    </ErrorBoundary>
  );
}
