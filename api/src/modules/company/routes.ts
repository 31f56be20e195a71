import { companyMessages, providerBlock } from "@klarwerk/kit";
import { Elysia } from "elysia";
import type { Deps } from "../../deps.ts";
import { jsonBody } from "../../http/body-policy.ts";
import { httpMessages } from "../../http/messages.ts";
import { errorResponses, jsonBodyErrors, jsonResponse } from "../../http/openapi.ts";
import { companyAnswerSchema } from "./responses.ts";
import { readCompanySettings, saveCompanySettings } from "./store.ts";
import { companyBody, companySettingsFrom } from "./validation.ts";

const tags = ["Company"];

/**
 * The company settings invoices take their provider data from (bearer):
 * - `GET /api/company` → `{ company, provider }` (the site config's values until first saved);
 * - `PUT /api/company` → `{ company, provider }`, for admins only.
 */
export function companyModule({ sql, auth }: Pick<Deps, "sql" | "auth">) {
  const answer = (company: Awaited<ReturnType<typeof readCompanySettings>>) => ({
    company,
    provider: providerBlock(company),
  });
  return new Elysia({ name: "company-routes", prefix: "/api/company" })
    .use(auth.guard)
    .get("", async () => answer(await readCompanySettings(sql)), {
      auth: true,
      detail: {
        summary: "The company settings invoices are issued with",
        tags,
        responses: { 200: jsonResponse("The settings and the provider block they make.", companyAnswerSchema) },
      },
    })
    .put(
      "",
      async ({ body, user, actor }) =>
        answer(await saveCompanySettings(sql, companySettingsFrom(body), user.id, actor)),
      {
        admin: true,
        ...jsonBody(companyBody),
        detail: {
          summary: "Replace the company settings",
          tags,
          responses: {
            200: jsonResponse("The stored settings.", companyAnswerSchema),
            ...errorResponses({
              400: [httpMessages.badRequest],
              422: [...Object.values(companyMessages), httpMessages.notJsonObject],
            }),
            ...jsonBodyErrors,
          },
        },
      },
    );
}
