/**
 * What the company module offers the rest of the API (other modules, tools, the start): the only file
 * of this folder they may import (biome.json). Its Elysia plugin, `routes.ts`, is imported by
 * api/src/app.ts alone, so that importing this file stays cheap (no routes, no PDF library).
 */
export { readDatevSettings } from "./datev-store.ts";
export { readCurrentLogo, readLogoBytes, type StoredLogo } from "./logo-store.ts";
export { readCompanySettings } from "./store.ts";

import type { CompanySettings } from "@klarwerk/kit";
import type { StoredLogo } from "./logo-store.ts";

/**
 * The seller an issued quote keeps: the settings and the logo it was issued with (decision 0091),
 * since its PDF is rendered again on each download. Quotes issued before the logo have none.
 */
export type KeptSeller = CompanySettings & { logo?: StoredLogo | null };
