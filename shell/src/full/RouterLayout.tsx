import { useEffect, useLayoutEffect, useState } from "react";
import { Outlet, ScrollRestoration, useLocation, useMatches, useNavigate, useNavigation } from "react-router";
import { Layout } from "../components/Layout";
import { publicRouteFor, type RouteHandle } from "../federation/remote-routes";
import { createNavigationStore, type NavigateOptions, NavigationContext } from "../navigation/navigation";

/** Routes without a title of their own get the home page's. */
const defaultTitle = publicRouteFor("/")?.title ?? "";

function useDocumentTitle(): void {
  const matches = useMatches();
  let title = defaultTitle;
  let description: string | undefined;
  for (const match of matches) {
    const handle = match.handle as RouteHandle | undefined;
    if (handle?.title) title = handle.title;
    if (handle?.description) description = handle.description;
  }
  useEffect(() => {
    document.title = title;
    if (description) document.querySelector('meta[name="description"]')?.setAttribute("content", description);
  }, [title, description]);
}

/** The layout under react-router: the router provides the navigation the layout reads. */
export function RouterLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const pending = useNavigation().state !== "idle";
  useDocumentTitle();
  // react-router's navigate is stable for the data router; the store outlives renders.
  const [navigation] = useState(() =>
    createNavigationStore({ pathname, pending }, async (to: string, options?: NavigateOptions) => {
      await navigate(to, { replace: options?.replace, flushSync: options?.flushSync });
    }),
  );
  useLayoutEffect(() => {
    navigation.setState({ pathname, pending });
  }, [navigation, pathname, pending]);
  return (
    <NavigationContext value={navigation}>
      <Layout>
        <Outlet />
      </Layout>
      <ScrollRestoration />
    </NavigationContext>
  );
}
