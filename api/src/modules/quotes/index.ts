/**
 * What the quotes module offers the rest of the API: the only file of this folder they may import
 * (biome.json). Its Elysia plugin, `routes.ts`, is imported by api/src/app.ts alone.
 */
export { quoteForMail } from "./mail-document.ts";
