import { extname, join } from "node:path";
import { federationName, type RemoteName, remoteDir, remoteNames } from "@klarwerk/kit";
import { Type } from "@sinclair/typebox";
import { Elysia } from "elysia";
import type { Deps } from "../deps.ts";
import { pageOrigins, pagePolicy } from "../http/content-security-policy.ts";
import { HttpError } from "../http/errors.ts";
import { httpMessages } from "../http/messages.ts";
import { jsonResponse, nullable, queryParameter } from "../http/openapi.ts";
import { cacheControlFor, fileInfo, noCache, resolveInside, serveFile } from "../http/static-files.ts";
import {
  type CanaryVisitors,
  parseVisitorId,
  type ReleaseFileServer,
  type RolloutState,
  registryFor,
  urlsInUse,
} from "../modules/releases/index.ts";

/** What the web module serves of the releases module: who gets which release, and their files. */
export interface WebReleases {
  rollouts: RolloutState;
  serveReleaseFile: ReleaseFileServer;
  /** Counts a page load against its address's tickets and signs them (`canaryVisitors`); none: no tickets. */
  canaryVisitors?: CanaryVisitors;
}

/** A web module without a database (its own tests): every remote from `REMOTE_<NAME>_URL`. */
const withoutReleases: WebReleases = {
  rollouts: { all: async () => [], changed: () => {} },
  serveReleaseFile: async () => {
    throw notFound();
  },
};

const remoteByDir = new Map<string, RemoteName>(remoteNames.map((name) => [remoteDir(name), name]));

/** `/remotes.json` answers per visitor and changes with every rollout: never kept by a cache or proxy. */
const noStore = "no-store";

const registryRemoteSchema = Type.Object({
  entry: Type.String({ description: "The manifest to load." }),
  version: nullable(Type.String({ description: "The release's version; null: from REMOTE_<NAME>_URL." })),
  previous: nullable(Type.Object({ entry: Type.String(), version: Type.String() })),
  count_loads: Type.Boolean(),
  ticket: nullable(
    Type.String({ description: "This page load's signed ticket, sent back with the remote's load and error reports." }),
  ),
});

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
 * The built front-ends, from this process (docs/decisions/0083-serving-federation-and-configuration.md, "One
 * origin by default"): `/remotes.json`, each remote's build under `/remotes/mf-<name>/`, and the shell for
 * everything else with a fallback to its `index.html` for client-side routes. Register it last: its
 * wildcards catch what no module did.
 */
export function webModule({ config }: Pick<Deps, "config">, releases: WebReleases = withoutReleases) {
  const shellRoot = join(config.webRoot, "shell", "dist");
  // Every HTML answer carries the pages' Content-Security-Policy, with its own scripts' hashes
  // and the origins of the releases visitors may get now: the portal's page (index.html, every
  // route that is no public page) those of every remote, any other page those of its own.
  const portalPage = join(shellRoot, "index.html");
  const pages = pagePolicy(
    async () => pageOrigins(urlsInUse(await releases.rollouts.all(), config.remotes), config.releaseOrigins),
    (path) => path === portalPage,
  );
  // The catch-alls below are no API operations (the front-ends' files, the JSON 404 of unknown
  // API paths): the OpenAPI document leaves them out.
  const undocumented = { detail: { hide: true } };

  return (
    new Elysia({ name: "web" })
      .get(
        "/remotes.json",
        async ({ query, request, server }) => {
          const id = parseVisitorId(typeof query.visitor === "string" ? query.visitor : null);
          const rollouts = await releases.rollouts.all();
          // Past its address's ticket limit a visitor gets the active releases: never an error page.
          const { visitor, sign } = releases.canaryVisitors
            ? await releases.canaryVisitors(request, server, id, rollouts)
            : { visitor: id, sign: null };
          const registry = registryFor(visitor, rollouts, config.remotes, sign);
          return new Response(JSON.stringify(registry), {
            headers: { "Content-Type": "application/json;charset=utf-8", "Cache-Control": noStore },
          });
        },
        {
          detail: {
            summary: "Which release of each remote this visitor gets, and where its manifest is",
            tags: ["Web"],
            parameters: [
              queryParameter(
                "visitor",
                "The random id the shell keeps: the same id gets the same releases on every load (a canary's share). Past its address's ticket limit a page load gets the active releases, without tickets.",
                Type.String(),
              ),
            ],
            responses: {
              200: jsonResponse(
                "Per remote, by its federation name.",
                Type.Object(
                  Object.fromEntries(remoteNames.map((name) => [federationName(name), registryRemoteSchema])),
                  {
                    additionalProperties: false,
                  },
                ),
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
          const remote = remoteByDir.get(dir);
          if (!remote) throw notFound();
          // An uploaded release's files, from the blob store (`/remotes/mf-<name>/releases/<version>/…`).
          if (rest[0] === "releases" && rest.length >= 3) {
            // resolveInside refuses `..`, hidden names, backslashes and NUL, decoded or not.
            const inside = resolveInside("/release", rest.slice(1).join("/"));
            if (!inside) throw notFound();
            const [version = "", ...path] = inside.slice("/release/".length).split("/");
            return releases.serveReleaseFile(request, remote, version, path.join("/"));
          }
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
