/**
 * The browser's session and API client: the signed-in state (a jotai atom), the fetch wrapper
 * that carries the bearer token, and the auth context the screens use. A federation singleton,
 * so the shell and every remote share one session; never imported by the API.
 */
export * from "./api";
export * from "./auth";
export * from "./download";
export * from "./session";
