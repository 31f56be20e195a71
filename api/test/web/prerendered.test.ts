import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Elysia } from "elysia";
import { errorHandler } from "../../src/http/errors.ts";
import { webModule } from "../../src/web/routes.ts";
import { testConfig } from "../support/app.ts";
import { call, type Handler } from "../support/http.ts";

let webRoot: string;
let app: Handler;

const shellIndex = '<!doctype html><html lang="de"><body><div id="root"></div></body></html>';
const page = (name: string) =>
  `<!doctype html><html lang="de"><body><div id="root"><h1>${name}</h1></div></body></html>`;

async function put(path: string, content: string): Promise<void> {
  const full = join(webRoot, path);
  await mkdir(dirname(full), { recursive: true });
  await writeFile(full, content);
}

beforeAll(async () => {
  webRoot = await mkdtemp(join(tmpdir(), "klarwerk-prerendered-"));
  await put("shell/dist/index.html", shellIndex);
  await put("shell/dist/prerendered/index.html", page("Startseite"));
  await put("shell/dist/prerendered/about.html", page("Über uns"));
  app = new Elysia().use(errorHandler).use(webModule({ config: testConfig({ WEB_ROOT: webRoot }) }));
});

afterAll(() => rm(webRoot, { recursive: true, force: true }));

async function htmlOf(path: string): Promise<{ status: number; text: string; cacheControl: string | null }> {
  const response = await call(app, path, { headers: { "accept-encoding": "identity" } });
  return { status: response.status, text: await response.text(), cacheControl: response.headers.get("cache-control") };
}

describe("prerendered public pages", () => {
  test("a public page's path gets its prerendered HTML, revalidated like index.html", async () => {
    for (const [path, name] of [
      ["/", "Startseite"],
      ["/about", "Über uns"],
      ["/about/", "Über uns"],
    ] as const) {
      const answer = await htmlOf(path);
      expect(answer.status).toBe(200);
      expect(answer.text).toBe(page(name));
      expect(answer.cacheControl).toBe("no-cache");
    }
  });

  test("every other client route still gets the empty shell", async () => {
    for (const path of ["/dashboard", "/login", "/gibt-es-nicht", "/about/team"]) {
      const answer = await htmlOf(path);
      expect(answer.status).toBe(200);
      expect(answer.text).toBe(shellIndex);
    }
  });

  test("the home page has one address: /index and /index.html are the shell itself", async () => {
    expect((await htmlOf("/index.html")).text).toBe(shellIndex);
    expect((await htmlOf("/index")).text).toBe(shellIndex);
  });

  test("paths cannot climb out of the prerendered folder", async () => {
    await put("shell/secret.html", "TOP SECRET");
    for (const path of ["/..%2Fsecret", "/%2e%2e%2f..%2fsecret", "/about%2f..%2f..%2fsecret"]) {
      const answer = await htmlOf(path);
      expect(answer.text).not.toContain("TOP SECRET");
    }
  });
});
