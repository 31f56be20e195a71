/**
 * What the privacy module offers the rest of the API: the only file of this folder others may
 * import (biome.json). Its Elysia plugin, `routes.ts`, is imported by api/src/app.ts alone.
 * A hit names its kind and row id, so that whatever acts on a person's data (an erasure) finds
 * exactly the rows the Auskunft listed; every erasure writes the ledger a restore replays.
 */

export { addressMatcher, withoutAddress } from "./address.ts";
export { type CatalogueEntry, generalInformation, privacyCatalogue } from "./catalogue.ts";
export * from "./ledger.ts";
export * from "./retention.ts";
export { type FoundRow, searchPerson } from "./search.ts";
