import { extname, join } from "node:path";
import { type FederationName, federationName, type RemoteName, remoteDir, remoteNames } from "@klarwerk/kit";
import { Type } from "@sinclair/typebox";
import { Elysia } from "elysia";
import type { Deps } from "../deps.ts";
import { HttpError } from "../http/errors.ts";
import { httpMessages } from "../http/messages.ts";
import { jsonResponse } from "../http/openapi.ts";
import { pagePolicy } from "./content-security-policy.ts";
import { cacheControlFor, fileInfo, noCache, resolveInside, serveFile } from "./static-files.ts";

/** The body of `/remotes.json`: `{ "mf_marketing": "<manifest url>", ... }`. */
export function remotesManifest(remotes: Record<RemoteName, string>): Record<FederationName, string> {
  return Object.fromEntries(remoteNames.map((name) => [federationName(name), remotes[name]])) as Record<
    FederationName,
    string
  >;
}

const remoteDirs = new Set<string>(remoteNames.map(remoteDir));

function notFound(): HttpError {
  return new HttpError(404, "not-found", httpMessages.notFound);
}

/** The path of the request URL, still percent-encoded (WHATWG URL has removed `.`/`..` segments). */
function encodedPathOf(request: Request): string {
  return new URL(request.url).pathname;
}

/**
 * The page prerendered at build time for a path (scripts/prerender.ts writes the public pages to
 * `prerendered/<page>.html`, "/" as `index.html`), or null. "/about/" counts as "/about".
 */
async function prerenderedPage(shellRoot: string, relative: string): Promise<string | null> {
  const path = relative.replace(/\/+$/, "");
  if (path === "index") return null;
  const name = path || "index";
  const file = resolveInside(join(shellRoot, "prerendered"), `${name}.html`);
  return file && (await fileInfo(file)) ? file : null;
}

/**
 * The built front-ends, from this process (docs/architecture.md, "One origin by default"): `/remotes.json`, each remote's
 * build under `/remotes/mf-<name>/`, and the shell for everything else with a fallback to its
 * `index.html` for client-side routes. Register it last: its wildcards catch what no module did.
 */
export function webModule({ config }: Pick<Deps, "config">) {
  const remotesJson = JSON.stringify(remotesManifest(config.remotes));
  const shellRoot = join(config.webRoot, "shell", "dist");
  // Every HTML answer carries the pages' Content-Security-Policy, with its own scripts' hashes.
  const pages = pagePolicy(config.remotes);
  // The catch-alls below are no API operations (the front-ends' files, the JSON 404 of unknown
  // API paths): the OpenAPI document leaves them out.
  const undocumented = { detail: { hide: true } };

  return (
    new Elysia({ name: "web" })
      .get(
        "/remotes.json",
        () =>
          new Response(remotesJson, {
            headers: { "Content-Type": "application/json;charset=utf-8", "Cache-Control": noCache },
          }),
        {
          detail: {
            summary: "Where the shell loads each remote's Module Federation manifest from",
            tags: ["Web"],
            responses: {
              200: jsonResponse(
                "Manifest URL per remote, by its federation name.",
                Type.Object(Object.fromEntries(remoteNames.map((name) => [federationName(name), Type.String()])), {
                  additionalProperties: false,
                }),
              ),
            },
          },
        },
      )
      // Unknown API paths answer JSON, never the shell's HTML. (Elysia tries GET routes before
      // `.all` ones, so the GET wildcard below checks the prefix itself too.)
      .all(
        "/api",
        () => {
          throw notFound();
        },
        undocumented,
      )
      .all(
        "/api/*",
        () => {
          throw notFound();
        },
        undocumented,
      )
      .get(
        "/remotes/*",
        async ({ request }) => {
          const [, , dir = "", ...rest] = encodedPathOf(request).split("/");
          if (!remoteDirs.has(dir)) throw notFound();
          const relative = rest.join("/");
          const root = join(config.webRoot, dir, "dist");
          const file = resolveInside(root, relative);
          if (!file || !(await fileInfo(file))) throw notFound();
          return serveFile(request, file, { cacheControl: cacheControlFor(decodeURIComponent(relative)), pages });
        },
        undocumented,
      )
      .get(
        "/*",
        async ({ request }) => {
          const relative = encodedPathOf(request).slice(1);
          if (relative === "api" || relative.startsWith("api/")) throw notFound();
          const file = resolveInside(shellRoot, relative);
          if (!file) throw notFound();
          if (await fileInfo(file)) {
            return serveFile(request, file, { cacheControl: cacheControlFor(decodeURIComponent(relative)), pages });
          }
          // A client-side route (/dashboard, /customers/…) gets the shell; a missing asset does not.
          const lastSegment = decodeURIComponent(relative).split("/").pop() ?? "";
          if (extname(lastSegment) !== "") throw notFound();
          // A public page comes with its content, prerendered; the shell hydrates it.
          const page = await prerenderedPage(shellRoot, relative);
          if (page) return serveFile(request, page, { cacheControl: noCache, pages });
          const index = join(shellRoot, "index.html");
          if (!(await fileInfo(index))) throw notFound();
          return serveFile(request, index, { cacheControl: noCache, pages });
        },
        undocumented,
      )
  );
}
