import { companyLogoLimits, companyLogoMessages, providerBlock } from "@klarwerk/kit";
import { Elysia } from "elysia";
import type { Deps } from "../../deps.ts";
import { HttpError } from "../../http/errors.ts";
import { invoiceBlobStore, writeBlob } from "../invoices/index.ts";
import { readDatevSettings, saveDatevSettings } from "./datev-store.ts";
import { readLogoImage } from "./logo-image.ts";
import { publicLogo, readCurrentLogo, readLogoBytes, removeCurrentLogo, setCurrentLogo } from "./logo-store.ts";
import {
  readCompanyRoute,
  readDatevRoute,
  readLogoRoute,
  removeLogoRoute,
  saveCompanyRoute,
  saveDatevRoute,
  uploadLogoRoute,
} from "./model.ts";
import { activeAdminNames, readCompanySettings, saveCompanySettings } from "./store.ts";

/** Streamed (body policy): its own limit, 1 MB, answered with its own message; images by type. */
export const logoUploadPath = "/api/company/logo";

/** The request's bytes, at most the logo's limit: refused by its declared length or as soon as it passes it. */
async function readLogoBody(request: Request): Promise<Uint8Array> {
  const tooLarge = () => new HttpError(413, "logo-too-large", companyLogoMessages.tooLarge);
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > companyLogoLimits.maxBytes) throw tooLarge();
  if (!request.body) throw new HttpError(422, "logo-unreadable", companyLogoMessages.empty);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of request.body) {
    size += chunk.byteLength;
    if (size > companyLogoLimits.maxBytes) throw tooLarge();
    chunks.push(chunk);
  }
  if (size === 0) throw new HttpError(422, "logo-unreadable", companyLogoMessages.empty);
  return Buffer.concat(chunks);
}

/**
 * The company settings invoices take their provider data from (bearer):
 * - `GET /api/company` → `{ company, logo, provider, admins }` (the site config's values until first
 *   saved; `admins`: the active admins' names, whom staff are told to ask while something is missing);
 * - `PUT /api/company` → the same, for admins only;
 * - `PUT` and `DELETE /api/company/logo` (admins) replace or remove the letterhead's logo, `GET`
 *   serves its bytes to anyone signed in (decision 0091);
 * - `GET` and `PUT /api/company/datev` → `{ datev }`: the DATEV export's settings, for admins only.
 */
export function companyModule({ sql, auth, config }: Pick<Deps, "sql" | "auth" | "config">) {
  const store = invoiceBlobStore(config);
  const answer = async (company: Awaited<ReturnType<typeof readCompanySettings>>) => ({
    company,
    logo: publicLogo(await readCurrentLogo(sql)),
    provider: providerBlock(company),
    admins: await activeAdminNames(sql),
  });
  const removeUnused = async (blobIds: string[]) => {
    for (const id of blobIds) {
      await store.remove(id).catch((error: unknown) => console.error(`[api] logo blob ${id} not removed`, error));
    }
  };
  return new Elysia({ name: "company-routes", prefix: "/api/company" })
    .use(auth.guard)
    .get("", async () => answer(await readCompanySettings(sql)), { auth: true, ...readCompanyRoute.options() })
    .put("", async ({ body, user, actor }) => answer(await saveCompanySettings(sql, body, user.id, actor)), {
      admin: true,
      ...saveCompanyRoute.options(),
    })
    .put(
      "/logo",
      async ({ request, user, actor }) => {
        const bytes = await readLogoBody(request);
        const check = readLogoImage(bytes);
        if (!check.ok) {
          if (check.status === 415) throw new HttpError(415, "logo-type", check.message);
          throw new HttpError(422, "logo-unreadable", check.message);
        }
        const blob = await writeBlob(store, bytes);
        let unused: string[];
        try {
          if (blob.sha256 === null) throw new Error("a closed blob has no checksum");
          const sha256 = blob.sha256;
          unused = await sql.begin(async (tx) => {
            const saved = await setCurrentLogo(
              tx,
              { ...check.image, blobId: blob.id, size: bytes.byteLength, sha256 },
              user.id,
              actor,
            );
            await blob.commit();
            return saved.unused;
          });
        } catch (error) {
          await blob.discard();
          throw error;
        }
        await removeUnused(unused);
        return answer(await readCompanySettings(sql));
      },
      { admin: true, parse: "none", ...uploadLogoRoute.options() },
    )
    .delete(
      "/logo",
      async ({ actor }) => {
        const { unused } = await sql.begin((tx) => removeCurrentLogo(tx, actor));
        await removeUnused(unused);
        return answer(await readCompanySettings(sql));
      },
      { admin: true, ...removeLogoRoute.options() },
    )
    .get(
      "/logo",
      async () => {
        const logo = await readCurrentLogo(sql);
        const bytes = logo === null ? null : await readLogoBytes(store, logo);
        if (logo === null || bytes === null) throw new HttpError(404, "logo-not-found", companyLogoMessages.notFound);
        // Only ever PNG or JPEG (checked on upload), never HTML or SVG; inline, not sniffed, not kept.
        return new Response(bytes as Uint8Array<ArrayBuffer>, {
          headers: {
            "Content-Type": logo.contentType,
            "Content-Disposition": "inline",
            "Content-Security-Policy": "default-src 'none'; sandbox",
            "Cache-Control": "no-store",
            "X-Content-Type-Options": "nosniff",
          },
        });
      },
      { auth: true, ...readLogoRoute.options() },
    )
    .get("/datev", async () => ({ datev: await readDatevSettings(sql) }), { admin: true, ...readDatevRoute.options() })
    .put("/datev", async ({ body, user, actor }) => ({ datev: await saveDatevSettings(sql, body, user.id, actor) }), {
      admin: true,
      ...saveDatevRoute.options(),
    });
}
