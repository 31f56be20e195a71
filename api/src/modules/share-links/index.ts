/**
 * What the share-links module offers the rest of the API: the erasure's revocation (decision
 * 0096). Its Elysia plugin, `routes.ts`, is imported by api/src/app.ts alone.
 */
export { revokeLinksOf } from "./store.ts";
