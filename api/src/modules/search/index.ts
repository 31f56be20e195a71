/**
 * What the search module offers the rest of the API: its German refusals. Its Elysia plugin, `routes.ts`,
 * is imported by api/src/app.ts alone (decision 0102).
 */
export { searchApiMessages } from "./messages.ts";
