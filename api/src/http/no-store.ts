import { Elysia } from "elysia";

/**
 * Every answer under `/api` is `Cache-Control: no-store`: customers, files, accounts and contact
 * requests are personal data, which neither the browser's cache nor a proxy may keep (on a shared
 * computer, the next person could read it from disk). File downloads and previews included. Set
 * on the request's `set` before anything else runs, so an error from any hook carries it too;
 * a route that answers with a `Response` of its own Cache-Control keeps that one (Elysia adds
 * `set` headers only where the Response has none): the API documentation page and its files.
 */
export const apiNoStore = new Elysia({ name: "api-no-store" }).onRequest(({ request, set }) => {
  const path = new URL(request.url).pathname;
  if (path === "/api" || path.startsWith("/api/")) set.headers["cache-control"] = "no-store";
});
