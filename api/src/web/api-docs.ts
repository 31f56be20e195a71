import { fileURLToPath } from "node:url";
import { openapi } from "@elysiajs/openapi";
import { Elysia } from "elysia";
import { formatPolicy, scriptHash } from "../http/content-security-policy.ts";
import { HttpError } from "../http/errors.ts";
import { httpMessages } from "../http/messages.ts";
import { apiDocumentation } from "../http/openapi.ts";
import { htmlSecurityHeaders, noCache, serveFile } from "../http/static-files.ts";

const apiDocsPaths = {
  page: "/api/docs",
  document: "/api/docs/json",
  assets: "/api/docs/assets",
} as const;

/** Swagger UI's files, served by us from node_modules: the page works offline and loads nothing from elsewhere. */
const assets = new Map(
  ["swagger-ui-bundle.js", "swagger-ui.css"].map((name) => [
    name,
    fileURLToPath(import.meta.resolve(`swagger-ui-dist/${name}`)),
  ]),
);

// No validator badge: it would send the document to validator.swagger.io.
const startScript = `SwaggerUIBundle({ url: "${apiDocsPaths.document}", dom_id: "#swagger-ui", validatorUrl: null, deepLinking: true });`;

const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${apiDocumentation.info.title}</title>
    <link rel="stylesheet" href="${apiDocsPaths.assets}/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${apiDocsPaths.assets}/swagger-ui-bundle.js"></script>
    <script>${startScript}</script>
  </body>
</html>
`;

const pageHeaders = {
  ...htmlSecurityHeaders,
  "Content-Type": "text/html; charset=utf-8",
  "Cache-Control": noCache,
  // Same-origin only; the inline start script by its hash. Swagger UI sets inline styles and
  // draws its icons from data: URLs.
  "Content-Security-Policy": formatPolicy({
    "default-src": ["'self'"],
    "script-src": ["'self'", scriptHash(startScript)],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:"],
  }),
};

/**
 * The API's own description: the OpenAPI document at `/api/docs/json` (built by
 * @elysiajs/openapi from every route of the app and its `detail`), and Swagger UI for it at
 * `/api/docs`. The plugin's own page is not used: it loads its UI from a CDN and links the
 * document by a relative URL that is wrong below `/api/`. Registered like an API module, before
 * the web module; the router prefers these paths to the web module's wildcards (`/api/*`, the
 * shell's fallback) in any order, and test/http/openapi.test.ts checks that they answer.
 */
export function apiDocsModule() {
  return new Elysia({ name: "api-docs" })
    .use(
      openapi({
        path: apiDocsPaths.page,
        specPath: apiDocsPaths.document,
        provider: null,
        documentation: apiDocumentation,
        // The plugin would leave out every path with a dot in it, such as `/remotes.json`.
        exclude: { staticFile: false },
      }),
    )
    .get(apiDocsPaths.page, () => new Response(page, { headers: pageHeaders }), { detail: { hide: true } })
    .get(
      `${apiDocsPaths.assets}/:name`,
      ({ params, request }) => {
        const file = assets.get(params.name);
        if (!file) throw new HttpError(404, "not-found", httpMessages.notFound);
        return serveFile(request, file, { cacheControl: noCache });
      },
      { detail: { hide: true } },
    );
}
