import { flushSync } from "react-dom";
import { createBrowserRouter, RouterProvider } from "react-router";
import { routes } from "../router";

export type FullRouter = ReturnType<typeof createBrowserRouter>;
export type FullAppModule = typeof import("./FullApp");

/** react-router over every route, starting at the address bar's location. */
export function createFullRouter(): FullRouter {
  return createBrowserRouter(routes);
}

export function FullApp({ router }: { router: FullRouter }) {
  return <RouterProvider router={router} flushSync={flushSync} />;
}
