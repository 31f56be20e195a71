import { providerBlock } from "@klarwerk/kit";
import { Elysia } from "elysia";
import type { Deps } from "../../deps.ts";
import { readDatevSettings, saveDatevSettings } from "./datev-store.ts";
import { readCompanyRoute, readDatevRoute, saveCompanyRoute, saveDatevRoute } from "./model.ts";
import { activeAdminNames, readCompanySettings, saveCompanySettings } from "./store.ts";

/**
 * The company settings invoices take their provider data from (bearer):
 * - `GET /api/company` → `{ company, provider, admins }` (the site config's values until first
 *   saved; `admins`: the active admins' names, whom staff are told to ask while something is missing);
 * - `PUT /api/company` → the same, for admins only;
 * - `GET` and `PUT /api/company/datev` → `{ datev }`: the DATEV export's settings, for admins only.
 * Each route is one store call: the module has no flows, so no service.ts.
 */
export function companyModule({ sql, auth }: Pick<Deps, "sql" | "auth">) {
  const answer = async (company: Awaited<ReturnType<typeof readCompanySettings>>) => ({
    company,
    provider: providerBlock(company),
    admins: await activeAdminNames(sql),
  });
  return new Elysia({ name: "company-routes", prefix: "/api/company" })
    .use(auth.guard)
    .get("", async () => answer(await readCompanySettings(sql)), { auth: true, ...readCompanyRoute.options() })
    .put("", async ({ body, user, actor }) => answer(await saveCompanySettings(sql, body, user.id, actor)), {
      admin: true,
      ...saveCompanyRoute.options(),
    })
    .get("/datev", async () => ({ datev: await readDatevSettings(sql) }), { admin: true, ...readDatevRoute.options() })
    .put("/datev", async ({ body, user, actor }) => ({ datev: await saveDatevSettings(sql, body, user.id, actor) }), {
      admin: true,
      ...saveDatevRoute.options(),
    });
}
