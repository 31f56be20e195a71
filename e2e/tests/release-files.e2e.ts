// What a release's files can do to a signed-in admin who opens them: a team with a deploy key
// uploads files of every type a browser might run as a page, each with a script that would use
// the admin's session; the admin opens each in Chromium on the portal's origin, and none may run.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { expect, test as suiteTest } from "../support/test";
import { signInThroughForm, testOwner } from "../support/users";

// The suite fails a test on any refusal of the page's policy; here refusals are the point.
const test = suiteTest.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  contentSecurityPolicy: async ({}, use) => use(undefined),
});

const root = join(import.meta.dirname, "..", "..");
const marker = "/xss-marker";

/** A script that, run as the portal, reads the session and calls the API with it, and says so. */
function payload(name: string): string {
  return [
    `document.title = "pwned ${name}";`,
    `fetch("/api/users", { headers: { authorization: "Bearer " + localStorage.getItem("klarwerktoken") } })`,
    `  .then((answer) => fetch("${marker}/${encodeURIComponent(name)}?status=" + answer.status));`,
    `alert("${name}");`,
  ].join("\n");
}

const svg = (name: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" onload='${payload(name).replaceAll("'", "&apos;")}'><script>${payload(name)}</script></svg>`;
const xhtml = (name: string) =>
  `<html xmlns="http://www.w3.org/1999/xhtml"><body><script>//<![CDATA[\n${payload(name)}\n//]]></script></body></html>`;
const html = (name: string) => `<!doctype html><html><body><script>${payload(name)}</script></body></html>`;

/** Every file type a browser may render as a document, in the cases an attacker would try. */
const dangerous: Record<string, (name: string) => string> = {
  "evil.svg": svg,
  "static/svg/evil.SVG": svg,
  "evil.xml": xhtml,
  "evil.xhtml": xhtml,
  "evil.XHTML": xhtml,
  "evil.xht": xhtml,
  "evil.htm": html,
  "evil.HTML": html,
  "evil.Htm": html,
  "evil.shtml": html,
  "index.html": html,
  "evil.unknown": html,
};

/** A gzipped ustar archive of these files (what `tar czf` makes of a dist/ folder). */
function tarOf(files: Record<string, Buffer | string>): Buffer {
  const blocks: Buffer[] = [];
  for (const [path, content] of Object.entries(files)) {
    const data = Buffer.from(content);
    const header = Buffer.alloc(512);
    header.write(path, 0);
    header.write("0000644\0", 100);
    header.write("0000000\0", 108);
    header.write("0000000\0", 116);
    header.write(`${data.length.toString(8).padStart(11, "0")}\0`, 124);
    header.write("14500000000\0", 136);
    header.write("        ", 148);
    header.write("0", 156);
    header.write("ustar\0", 257);
    header.write("00", 263);
    const sum = header.reduce((total, byte) => total + byte, 0);
    header.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148);
    blocks.push(header, data, Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(blocks));
}

test("no script in a release's file runs when a signed-in admin opens it", async ({ page, context, request }) => {
  test.setTimeout(120_000);
  const version = `xss-${randomBytes(4).toString("hex")}`;
  const api = request;
  const login = await api.post("/api/login", { data: { email: testOwner.email, password: testOwner.password } });
  expect(login.status(), await login.text()).toBe(200);
  const ownerToken = ((await login.json()) as { token: string }).token;
  const created = await api.post("/api/deploy-keys", {
    headers: { Authorization: `Bearer ${ownerToken}` },
    data: { remote: "mf-files", name: `CI ${version}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { secret } = (await created.json()) as { secret: string };

  // A release mf-files would take (its built manifest and entry), plus the attacker's files.
  const dist = join(root, "mf-files", "dist");
  const files: Record<string, Buffer | string> = {
    "mf-manifest.json": readFileSync(join(dist, "mf-manifest.json")),
    "remoteEntry.js": readFileSync(join(dist, "remoteEntry.js")),
  };
  for (const [path, make] of Object.entries(dangerous)) files[path] = make(path);
  // The precompressed sibling is what a browser asking for gzip gets instead.
  files["evil.svg.gz"] = gzipSync(svg("evil.svg.gz"));
  const upload = await api.post(`/api/releases/upload?remote=mf-files&version=${version}`, {
    headers: { Authorization: `Bearer ${secret}`, "Content-Type": "application/octet-stream" },
    data: tarOf(files),
  });
  expect(upload.status(), await upload.text()).toBe(201);

  // The marker requests a running script would send, and any dialog it opened.
  const ran: string[] = [];
  context.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith(marker) || (url.pathname === "/api/users" && request.frame()?.url().includes(version)))
      ran.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  context.on("page", (opened) => opened.on("dialog", (dialog) => ran.push(`dialog ${dialog.message()}`)));
  page.on("dialog", (dialog) => {
    ran.push(`dialog ${dialog.message()}`);
    void dialog.dismiss();
  });

  await signInThroughForm(page, testOwner);
  expect(await page.evaluate(() => localStorage.getItem("klarwerktoken"))).toBeTruthy();

  for (const path of [...Object.keys(dangerous), "evil.svg.gz"]) {
    const url = `/remotes/mf-files/releases/${version}/${path}`;
    // A download ends the navigation without a page: that is one way of not running.
    await page.goto(url).catch(() => undefined);
    await page.waitForTimeout(300);
    const title = await page.title().catch(() => "");
    if (title.startsWith("pwned")) ran.push(`title ${title}`);
  }
  // The fetches a script started would have had time to arrive.
  await page.waitForTimeout(1000);
  expect(ran).toEqual([]);
});
