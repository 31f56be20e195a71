import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { site } from "@klarwerk/kit";
import { Elysia } from "elysia";
import { inlineScripts, remoteOrigins, scriptHash } from "../../src/http/content-security-policy.ts";
import { errorHandler } from "../../src/http/errors.ts";
import { apiDocsModule } from "../../src/web/api-docs.ts";
import { webModule } from "../../src/web/routes.ts";
import { testConfig } from "../support/app.ts";
import { call, type Handler } from "../support/http.ts";

let webRoot: string;

const consentScript = 'try{document.documentElement.setAttribute("data-x","")}catch(e){}';
const startScript = '(function(){var s=document.createElement("script");s.src="/static/js/index.1234abcd.js"})()';
const shellIndex =
  '<!doctype html><html><head><script defer src="/static/js/index.1234abcd.js"></script></head><body><div id="root"></div></body></html>';
const prerendered = (first: string, second: string) =>
  `<!doctype html><html><head><style>h1{color:red}</style><script>${first}</script></head><body><h1>Start</h1><script>${second}</script></body></html>`;

async function put(path: string, content: string): Promise<void> {
  const full = join(webRoot, path);
  await mkdir(dirname(full), { recursive: true });
  await writeFile(full, content);
}

function appWith(env: Record<string, string> = {}): Handler {
  return new Elysia().use(errorHandler).use(webModule({ config: testConfig({ WEB_ROOT: webRoot, ...env }) }));
}

beforeAll(async () => {
  webRoot = await mkdtemp(join(tmpdir(), "klarwerk-csp-"));
  await put("shell/dist/index.html", shellIndex);
  await put("shell/dist/prerendered/index.html", prerendered(consentScript, startScript));
  await put("shell/dist/static/js/index.1234abcd.js", "console.log(1)");
  await put("mf-files/dist/index.html", shellIndex);
});

afterAll(() => rm(webRoot, { recursive: true, force: true }));

/** The policy as directive → sources. */
function parse(header: string | null): Map<string, string[]> {
  expect(header).not.toBeNull();
  return new Map(
    (header ?? "").split(";").map((directive) => {
      const [name = "", ...sources] = directive.trim().split(/\s+/);
      return [name, sources] as const;
    }),
  );
}

async function policyOf(app: Handler, path: string): Promise<Map<string, string[]>> {
  const response = await call(app, path, { headers: { "accept-encoding": "identity" } });
  expect(response.status, path).toBe(200);
  expect(response.headers.get("content-type"), path).toStartWith("text/html");
  return parse(response.headers.get("content-security-policy"));
}

const reviewHost = new URL(site.reviewWidgetScript).origin;

describe("Content-Security-Policy of the shell's pages", () => {
  test("the SPA fallback, a file and a remote's HTML: our origin, the review widget, nothing inline for scripts", async () => {
    const app = appWith();
    for (const path of ["/dashboard", "/index.html", "/remotes/mf-files/index.html"]) {
      const policy = await policyOf(app, path);
      expect(policy.get("default-src"), path).toEqual(["'self'"]);
      expect(policy.get("script-src"), path).toEqual(["'self'", reviewHost]);
      expect(policy.get("style-src"), path).toEqual(["'self'", "'unsafe-inline'"]);
      expect(policy.get("img-src"), path).toEqual(["'self'", "blob:"]);
      expect(policy.get("font-src"), path).toEqual(["'self'"]);
      expect(policy.get("connect-src"), path).toEqual(["'self'"]);
      expect(policy.get("frame-src"), path).toEqual([reviewHost, "blob:"]);
      expect(policy.get("object-src"), path).toEqual(["'none'"]);
      expect(policy.get("base-uri"), path).toEqual(["'self'"]);
      expect(policy.get("form-action"), path).toEqual(["'self'"]);
      expect(policy.get("frame-ancestors"), path).toEqual(["'none'"]);
      expect([...policy.values()].flat(), path).not.toContain("'unsafe-eval'");
    }
  });

  test("a prerendered page allows exactly its own inline scripts, by hash", async () => {
    const policy = await policyOf(appWith(), "/");
    expect(policy.get("script-src")).toEqual([
      "'self'",
      reviewHost,
      scriptHash(consentScript),
      scriptHash(startScript),
    ]);
    expect(policy.get("script-src")).not.toContain("'unsafe-inline'");
  });

  test("a page rebuilt while the server runs gets the new scripts' hashes", async () => {
    const app = appWith();
    await policyOf(app, "/");
    const rebuilt = 'window.started=true;document.title="neu"';
    await put("shell/dist/prerendered/index.html", prerendered(consentScript, rebuilt));
    try {
      const policy = await policyOf(app, "/");
      expect(policy.get("script-src")).toContain(scriptHash(rebuilt));
      expect(policy.get("script-src")).not.toContain(scriptHash(startScript));
    } finally {
      await put("shell/dist/prerendered/index.html", prerendered(consentScript, startScript));
    }
  });

  test("a remote on another origin (REMOTE_<NAME>_URL) may serve scripts, styles, images, fonts and its manifest", async () => {
    const app = appWith({
      REMOTE_FILES_URL: "https://cdn.example.com/mf-files/mf-manifest.json",
      REMOTE_INVOICES_URL: "https://cdn.example.com:8443/invoices/mf-manifest.json",
    });
    const policy = await policyOf(app, "/dashboard");
    for (const directive of ["script-src", "style-src", "img-src", "font-src", "connect-src"]) {
      expect(policy.get(directive), directive).toContain("https://cdn.example.com");
      expect(policy.get(directive), directive).toContain("https://cdn.example.com:8443");
    }
    expect(policy.get("default-src")).toEqual(["'self'"]);
    expect(policy.get("frame-src")).toEqual([reviewHost, "blob:"]);
  });

  test("JavaScript and other files carry no page policy", async () => {
    const response = await call(appWith(), "/static/js/index.1234abcd.js");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-security-policy")).toBeNull();
  });
});

describe("the pieces", () => {
  test("inlineScripts finds inline scripts only, with their exact text", () => {
    const html = `<script src="/a.js"></script><script>one()</script><SCRIPT type="module">\ntwo()\n</SCRIPT><script defer src=/b.js></script>`;
    expect(inlineScripts(html)).toEqual(["one()", "\ntwo()\n"]);
  });

  test("scriptHash is CSP's sha256 source of the script's UTF-8 text", () => {
    // echo -n "alert(1)" | openssl dgst -sha256 -binary | base64
    expect(scriptHash("alert(1)")).toBe("'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
  });

  test("remoteOrigins: absolute URLs give their origin, once; paths are our own", () => {
    expect(
      remoteOrigins({
        marketing: "/remotes/mf-marketing/mf-manifest.json",
        dashboard: "https://a.example/x/mf-manifest.json",
        files: "https://a.example/y/mf-manifest.json",
        customers: "http://b.example:8080/mf-manifest.json",
        invoices: "/remotes/mf-invoices/mf-manifest.json",
      }),
    ).toEqual(["https://a.example", "http://b.example:8080"]);
  });
});

describe("the API documentation page", () => {
  test("has its own policy: same origin, its start script by hash, and the parts every page has", async () => {
    const app = new Elysia().use(errorHandler).use(apiDocsModule());
    const response = await call(app, "/api/docs");
    const policy = parse(response.headers.get("content-security-policy"));
    const html = await response.text();
    const [start = ""] = inlineScripts(html);
    expect(policy.get("default-src")).toEqual(["'self'"]);
    expect(policy.get("script-src")).toEqual(["'self'", scriptHash(start)]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'self'"]);
    expect(policy.get("form-action")).toEqual(["'self'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
  });
});
