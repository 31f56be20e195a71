import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Elysia } from "elysia";
import { errorHandler } from "../../src/http/errors.ts";
import { accepts, cacheControlFor, resolveInside } from "../../src/http/static-files.ts";
import { precompressDirectory } from "../../src/web/precompress.ts";
import { webModule } from "../../src/web/routes.ts";
import { testConfig } from "../support/app.ts";
import { call, callJson, type Handler } from "../support/http.ts";

let webRoot: string;
let app: Handler;

const indexHtml = `<!doctype html><html lang="de"><head><title>Klarwerk</title></head><body>${"<div></div>".repeat(200)}</body></html>`;
const mainJs = `console.log(${JSON.stringify("Hallo ".repeat(500))});\n`;
const secret = "TOP SECRET";

async function put(path: string, content: string | Uint8Array): Promise<void> {
  const full = join(webRoot, path);
  await mkdir(dirname(full), { recursive: true });
  await writeFile(full, content);
}

function webApp(env: Record<string, string> = {}): Handler {
  const config = testConfig({ WEB_ROOT: webRoot, ...env });
  return new Elysia().use(errorHandler).use(webModule({ config }));
}

beforeAll(async () => {
  webRoot = await mkdtemp(join(tmpdir(), "klarwerk-web-"));
  await put("secret.txt", secret);
  await put("shell/package.json", secret);
  await put("shell/dist/index.html", indexHtml);
  await put("shell/dist/favicon.ico", new Uint8Array([0, 0, 1, 0]));
  await put("shell/dist/static/js/main.0a1b2c3d.js", mainJs);
  await put("shell/dist/static/css/app.css", "body{margin:0}");
  await put("shell/dist/.env", secret);
  await put("mf-files/dist/mf-manifest.json", JSON.stringify({ name: "mf_files" }));
  await put("mf-files/dist/remoteEntry.js", "var mf_files;");
  await put("mf-files/dist/static/js/async/123.deadbeef.js", "export default 1;");
  await put("mf-files/.secret", secret);
  await precompressDirectory(join(webRoot, "shell", "dist"));
  app = webApp();
});

afterAll(() => rm(webRoot, { recursive: true, force: true }));

describe("shell", () => {
  test("/ is the shell's index.html, revalidated, with security headers", async () => {
    const response = await call(app, "/", { headers: { "accept-encoding": "identity" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toStartWith("text/html");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(await response.text()).toBe(indexHtml);
  });

  test("client-side routes (no file extension) fall back to index.html", async () => {
    for (const path of ["/dashboard", "/customers", "/data/sub/folder", "/login?next=/data", "/static"]) {
      const response = await call(app, path);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toStartWith("text/html");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
    }
  });

  test("a missing file with an extension is a JSON 404, never the shell", async () => {
    for (const path of ["/static/js/missing.0a1b2c3d.js", "/favicon.png", "/dashboard.json", "/robots.txt"]) {
      const answer = await callJson(app, path);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ code: "not-found", message: "Nicht gefunden." });
    }
  });

  test("hashed assets under static/ are immutable, other files revalidated", async () => {
    const hashed = await call(app, "/static/js/main.0a1b2c3d.js", { headers: { "accept-encoding": "identity" } });
    expect(hashed.status).toBe(200);
    expect(hashed.headers.get("content-type")).toContain("javascript");
    expect(hashed.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await hashed.text()).toBe(mainJs);
    const plain = await call(app, "/static/css/app.css");
    expect(plain.headers.get("cache-control")).toBe("no-cache");
    expect(plain.headers.get("content-type")).toStartWith("text/css");
    const icon = await call(app, "/favicon.ico");
    expect(icon.status).toBe(200);
    expect(icon.headers.get("cache-control")).toBe("no-cache");
  });

  test("precompressed siblings are served when accepted", async () => {
    const br = await call(app, "/static/js/main.0a1b2c3d.js", { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toBe("Accept-Encoding");
    expect(br.headers.get("content-type")).toContain("javascript");
    expect(br.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(new Uint8Array(await br.arrayBuffer())).toString()).toBe(mainJs);

    const gz = await call(app, "/static/js/main.0a1b2c3d.js", { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(new Uint8Array(await gz.arrayBuffer())).toString()).toBe(mainJs);

    const refusedBr = await call(app, "/static/js/main.0a1b2c3d.js", {
      headers: { "accept-encoding": "br;q=0, gzip" },
    });
    expect(refusedBr.headers.get("content-encoding")).toBe("gzip");

    const none = await call(app, "/static/js/main.0a1b2c3d.js");
    expect(none.headers.get("content-encoding")).toBeNull();
    expect(none.headers.get("vary")).toBe("Accept-Encoding");
    expect(await none.text()).toBe(mainJs);

    const html = await call(app, "/customers", { headers: { "accept-encoding": "br" } });
    expect(html.headers.get("content-encoding")).toBe("br");
    expect(html.headers.get("content-type")).toStartWith("text/html");
    expect(html.headers.get("x-frame-options")).toBe("DENY");
  });

  test("an unchanged file revalidates with 304", async () => {
    const first = await call(app, "/", { headers: { "accept-encoding": "br" } });
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();
    const again = await call(app, "/", { headers: { "accept-encoding": "br", "if-none-match": etag ?? "" } });
    expect(again.status).toBe(304);
    const otherEncoding = await call(app, "/", { headers: { "if-none-match": etag ?? "" } });
    expect(otherEncoding.status).toBe(200);
  });

  test("no built shell: client routes are a JSON 404", async () => {
    const bare = new Elysia()
      .use(errorHandler)
      .use(webModule({ config: testConfig({ WEB_ROOT: join(webRoot, "nothing-built") }) }));
    const answer = await callJson(bare, "/dashboard");
    expect(answer.status).toBe(404);
  });
});

describe("remotes", () => {
  test("manifest and remoteEntry.js are revalidated, hashed chunks immutable", async () => {
    const manifest = await call(app, "/remotes/mf-files/mf-manifest.json");
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get("content-type")).toStartWith("application/json");
    expect(manifest.headers.get("cache-control")).toBe("no-cache");
    expect(await manifest.json()).toEqual({ name: "mf_files" });
    const entry = await call(app, "/remotes/mf-files/remoteEntry.js");
    expect(entry.headers.get("cache-control")).toBe("no-cache");
    const chunk = await call(app, "/remotes/mf-files/static/js/async/123.deadbeef.js");
    expect(chunk.status).toBe(200);
    expect(chunk.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  test("a redeployed remote is served at once (read from disk per request)", async () => {
    await put("mf-files/dist/static/js/async/456.cafebabe.js", "export default 2;");
    await put("mf-files/dist/mf-manifest.json", JSON.stringify({ name: "mf_files", version: 2 }));
    expect(await (await call(app, "/remotes/mf-files/static/js/async/456.cafebabe.js")).text()).toBe(
      "export default 2;",
    );
    expect(await (await call(app, "/remotes/mf-files/mf-manifest.json")).json()).toEqual({
      name: "mf_files",
      version: 2,
    });
  });

  test("unknown remotes, missing files and folders are JSON 404s without SPA fallback", async () => {
    for (const path of [
      "/remotes/mf-unknown/mf-manifest.json",
      "/remotes/shell/index.html",
      "/remotes/mf-files/missing.js",
      "/remotes/mf-files/",
      "/remotes/mf-files/static",
      "/remotes/mf-dashboard/mf-manifest.json",
    ]) {
      const answer = await callJson(app, path);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ code: "not-found", message: "Nicht gefunden." });
    }
  });
});

describe("path traversal", () => {
  const attempts = [
    "/remotes/mf-files/../../secret.txt",
    "/remotes/mf-files/..%2f..%2fsecret.txt",
    "/remotes/mf-files/%2e%2e/%2e%2e/secret.txt",
    "/remotes/mf-files/%2e%2e%2f%2e%2e%2fsecret.txt",
    "/remotes/mf-files/..%5c..%5csecret.txt",
    "/remotes/mf-files/..\\..\\secret.txt",
    "/remotes/mf-files/.secret",
    "/remotes/mf-files/..%2f.secret",
    "/remotes/..%2fsecret.txt/x",
    "/remotes/mf-files%2f..%2f..%2fsecret.txt/x",
    "/..%2fsecret.txt",
    "/..%2fpackage.json",
    "/%2e%2e/%2e%2e/secret.txt",
    "/%2e%2e%2f%2e%2e%2fsecret.txt",
    "/static/..%2f..%2f..%2fsecret.txt",
    "/..%5c..%5csecret.txt",
    "/%5c..%5c..%5csecret.txt",
    "/.env",
    "/%2eenv",
    "/static%00.js",
    "/..%252fsecret.txt",
  ];

  test.each(attempts)("%s stays inside the dist folders", async (path) => {
    const response = await call(app, path);
    const text = await response.text();
    expect(text).not.toContain(secret);
    if (response.status === 200) {
      // Only a client route's fallback may answer 200: the shell's index.html.
      expect(text).toBe(indexHtml);
    } else {
      expect([400, 404]).toContain(response.status);
      expect(JSON.parse(text)).toHaveProperty("message");
    }
  });

  test("an undecodable escape is a 400", async () => {
    const answer = await callJson(app, "/static/%E0%A4%A.js");
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code: "bad-request", message: "Die Anfrage konnte nicht gelesen werden." });
  });

  test("resolveInside refuses every escape", () => {
    const root = "/srv/dist";
    expect(resolveInside(root, "static/a.js")).toBe("/srv/dist/static/a.js");
    expect(resolveInside(root, "")).toBe("/srv/dist");
    for (const path of [
      "../x",
      "a/../../x",
      "%2e%2e/x",
      "..%2fx",
      "a\\..\\x",
      "a%5cb",
      ".env",
      "a/.git/config",
      "a%00b",
    ]) {
      expect(resolveInside(root, path)).toBeNull();
    }
  });
});

describe("/api and /remotes.json", () => {
  test("unknown /api paths are JSON 404s for every method", async () => {
    for (const [method, path] of [
      ["GET", "/api"],
      ["GET", "/api/unknown"],
      ["GET", "/api/unknown.js"],
      ["POST", "/api/unknown"],
      ["DELETE", "/api/files/1"],
    ] as const) {
      const answer = await callJson(app, path, { method });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ code: "not-found", message: "Nicht gefunden." });
    }
  });

  test("/remotes.json lists the same-origin manifests by default, never to be stored by a cache", async () => {
    const response = await call(app, "/remotes.json");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-type")).toStartWith("application/json");
    const fallback = (dir: string) => ({
      entry: `/remotes/${dir}/mf-manifest.json`,
      version: null,
      previous: null,
      count_loads: false,
      ticket: null,
    });
    expect(await response.json()).toEqual({
      mf_marketing: fallback("mf-marketing"),
      mf_dashboard: fallback("mf-dashboard"),
      mf_files: fallback("mf-files"),
      mf_customers: fallback("mf-customers"),
      mf_invoices: fallback("mf-invoices"),
    });
  });

  test("/remotes.json follows REMOTE_<NAME>_URL", async () => {
    const overridden = webApp({
      REMOTE_FILES_URL: "https://files.example.com/mf-manifest.json",
      REMOTE_INVOICES_URL: "https://cdn.example.com/invoices/v7/mf-manifest.json",
    });
    const body = await (await call(overridden, "/remotes.json")).json();
    expect(body.mf_files.entry).toBe("https://files.example.com/mf-manifest.json");
    expect(body.mf_invoices.entry).toBe("https://cdn.example.com/invoices/v7/mf-manifest.json");
    expect(body.mf_marketing.entry).toBe("/remotes/mf-marketing/mf-manifest.json");
    expect(Object.keys(body)).toHaveLength(5);
  });
});

describe("helpers", () => {
  test("cacheControlFor", () => {
    expect(cacheControlFor("index.html")).toBe("no-cache");
    expect(cacheControlFor("mf-manifest.json")).toBe("no-cache");
    expect(cacheControlFor("remoteEntry.js")).toBe("no-cache");
    expect(cacheControlFor("static/js/lib-react.3f2a9c01.js")).toBe("public, max-age=31536000, immutable");
    expect(cacheControlFor("static/css/async/page.0badf00d.css")).toBe("public, max-age=31536000, immutable");
    expect(cacheControlFor("static/js/lib.polyfill.js")).toBe("no-cache");
    expect(cacheControlFor("main.0a1b2c3d.js")).toBe("no-cache");
  });

  test("accepts", () => {
    expect(accepts("gzip, deflate, br, zstd", "br")).toBe(true);
    expect(accepts("gzip;q=1.0, br;q=0", "br")).toBe(false);
    expect(accepts("*", "gzip")).toBe(true);
    expect(accepts("*;q=0, gzip", "br")).toBe(false);
    expect(accepts("identity", "gzip")).toBe(false);
    expect(accepts(null, "gzip")).toBe(false);
  });
});
