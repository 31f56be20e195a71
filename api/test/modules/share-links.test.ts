import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type {
  Folder,
  ShareLink,
  ShareLinkAccessList,
  ShareLinkCreated,
  ShareLinkList,
  StoredFile,
  TrashList,
} from "@klarwerk/kit";
import { Elysia } from "elysia";
import { unzipSync } from "fflate";
import { createAuth } from "../../src/http/auth.ts";
import { errorHandler } from "../../src/http/errors.ts";
import { shareLinksModule } from "../../src/modules/share-links/routes.ts";
import { type FilesTest, startFilesTest, storeKinds, upload } from "../storage/upload-helpers.ts";
import { unlimitedRateLimits } from "../support/app.ts";
import { testDatabaseKinds } from "../support/database.ts";
import { call, callJson } from "../support/http.ts";
import { openPrivacyCase } from "../support/privacy.ts";
import { registerAndLogin, type SignedInUser, signedInOwner } from "../support/users.ts";

/**
 * Share links (decision 0096), each row of its abuse list: on both databases (disk store), and the
 * downloads on the S3 store too. Requests through `app.handle` come from the network "local".
 */

const firefox = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

function bytesOf(text: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(text);
}

function uniqueName(prefix: string): string {
  return `${prefix} ${crypto.randomUUID().slice(0, 8)}`;
}

async function shareTest(files: FilesTest) {
  const uploaded = async (name: string, text: string, folderId: number | null = null): Promise<StoredFile> => {
    const answer = await upload(files.app, files.token, { name, content: bytesOf(text), type: "text/plain", folderId });
    expect(answer.status).toBe(201);
    return answer.body.file;
  };
  const folder = async (): Promise<Folder> => {
    const answer = await callJson<{ folder: Folder }>(files.app, "/api/folders", {
      json: { name: uniqueName("Projekt"), parent_id: null },
      token: files.token,
    });
    expect(answer.status).toBe(201);
    return answer.body.folder;
  };
  const share = async (json: Record<string, unknown>, token = files.token): Promise<ShareLinkCreated> => {
    const answer = await callJson<ShareLinkCreated>(files.app, "/api/share-links", { json, token });
    expect(answer.status).toBe(201);
    return answer.body;
  };
  const open = (path: string, headers: Record<string, string> = {}) =>
    call(files.app, path, { headers: { "user-agent": firefox, ...headers } });
  return { uploaded, folder, share, open };
}

/** The page's text without tags, for what a person reads. */
async function pageText(response: Response): Promise<string> {
  return (await response.text()).replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
}

describe.each(testDatabaseKinds())("share links on the %s database", (database) => {
  let files: FilesTest;
  let helpers: Awaited<ReturnType<typeof shareTest>>;
  let colleague: SignedInUser;
  let admin: SignedInUser;

  beforeAll(async () => {
    files = await startFilesTest({ userName: "Sven Teiler", database });
    helpers = await shareTest(files);
    colleague = await registerAndLogin(files.app, { name: "Klara Kollegin" });
    admin = await signedInOwner(files.app);
  });
  afterAll(() => files.stop());

  test("the token has 256 bits and is stored as its hash only", async () => {
    const file = await helpers.uploaded("vertrag.txt", "Vertrag");
    const { link, path } = await helpers.share({ target_kind: "file", target_id: file.id, label: "Für Frau Berg" });
    expect(path).toMatch(/^\/s\/[A-Za-z0-9_-]{43}$/);
    const token = path.slice(3);
    const [row] = await files.db.sql<{ token_sha256: string; whole: string }[]>`
      select token_sha256, share_links::text as whole from share_links where id = ${link.id}`;
    expect(row?.token_sha256).toBe(new Bun.CryptoHasher("sha256").update(token).digest("hex"));
    expect(row?.whole).not.toContain(token);
    expect(link).toMatchObject({
      target_kind: "file",
      target_id: file.id,
      target_name: "vertrag.txt",
      label: "Für Frau Berg",
      has_password: false,
      download_limit: null,
      downloads: 0,
      status: "active",
      created_by_name: "Sven Teiler",
    });
    const days = (Date.parse(link.expires_at) - Date.parse(link.created_at)) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);
  });

  test("unknown and malformed tokens: a German 404 page with a strict policy", async () => {
    for (const token of ["A".repeat(43), "kurz", "a.b", encodeURIComponent("ä".repeat(10)), "A".repeat(2000)]) {
      const answer = await helpers.open(`/s/${token}`);
      expect(answer.status).toBe(404);
      expect(answer.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(answer.headers.get("content-security-policy")).toStartWith("default-src 'none'; style-src 'sha256-");
      expect(answer.headers.get("referrer-policy")).toBe("no-referrer");
      expect(await pageText(answer)).toContain("Diesen Link gibt es nicht.");
    }
  });

  test("a file link: the page lists it, the download carries the file area's headers, the log has both", async () => {
    const file = await helpers.uploaded("<img src=x>angebot.txt", "Angebot 2026");
    const { link, path } = await helpers.share({ target_kind: "file", target_id: file.id });
    const page = await helpers.open(path);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("&#60;img src=x&#62;angebot.txt");
    expect(html).not.toContain("<img");
    const download = await helpers.open(`${path}/dateien/${file.id}`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toStartWith("attachment;");
    expect(download.headers.get("x-content-type-options")).toBe("nosniff");
    expect(download.headers.get("content-security-policy")).toStartWith("sandbox;");
    expect(await download.text()).toBe("Angebot 2026");
    const log = await callJson<ShareLinkAccessList>(files.app, `/api/share-links/${link.id}/accesses`, {
      token: files.token,
    });
    expect(log.status).toBe(200);
    expect(log.body.accesses.map((entry) => [entry.kind, entry.file_name, entry.client, entry.network])).toEqual([
      ["downloaded", "<img src=x>angebot.txt", "Firefox, Windows", "local"],
      ["opened", null, "Firefox, Windows", "local"],
    ]);
  });

  test("enumeration: a file outside the link is 404, under a file link and a folder link alike", async () => {
    const mine = await helpers.uploaded("meins.txt", "meins");
    const other = await helpers.uploaded("fremd.txt", "fremd");
    const { path } = await helpers.share({ target_kind: "file", target_id: mine.id });
    expect((await helpers.open(`${path}/dateien/${other.id}`)).status).toBe(404);
    expect((await helpers.open(`${path}/dateien/abc`)).status).toBe(404);
    const shared = await helpers.folder();
    const folderLink = await helpers.share({ target_kind: "folder", target_id: shared.id });
    const answer = await helpers.open(`${folderLink.path}/dateien/${other.id}`);
    expect(answer.status).toBe(404);
    expect(await pageText(answer)).toContain("Diese Datei gehört nicht (mehr) zu dieser Freigabe.");
  });

  test("a folder link shows a file added later, and its ZIP holds every file", async () => {
    const shared = await helpers.folder();
    await helpers.uploaded("eins.txt", "Eins", shared.id);
    const { path } = await helpers.share({ target_kind: "folder", target_id: shared.id });
    const later = await helpers.uploaded("zwei.txt", "Zwei", shared.id);
    await helpers.uploaded("eins.txt", "Noch eins", shared.id);
    const page = await pageText(await helpers.open(path));
    expect(page).toContain("zwei.txt");
    expect(page).toContain("Alle Dateien als ZIP herunterladen");
    expect(await (await helpers.open(`${path}/dateien/${later.id}`)).text()).toBe("Zwei");
    const zip = await helpers.open(`${path}/ordner.zip`);
    expect(zip.status).toBe(200);
    expect(zip.headers.get("content-type")).toBe("application/zip");
    expect(zip.headers.get("content-disposition")).toContain(`${encodeURIComponent(shared.name)}.zip`);
    const entries = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    const decoded = Object.fromEntries(
      Object.entries(entries).map(([name, data]) => [name, new TextDecoder().decode(data)]),
    );
    expect(decoded).toEqual({ "eins.txt": "Eins", "eins (2).txt": "Noch eins", "zwei.txt": "Zwei" });
  });

  test("a folder over the ZIP cap: a German 413 page, and no download counted", async () => {
    const shared = await helpers.folder();
    await helpers.uploaded("a.txt", "a", shared.id);
    await helpers.uploaded("b.txt", "b", shared.id);
    const { link, path } = await helpers.share({ target_kind: "folder", target_id: shared.id, download_limit: 3 });
    const capped = new Elysia().use(errorHandler).use(
      shareLinksModule(
        {
          sql: files.db.sql,
          config: files.config,
          auth: createAuth({ sql: files.db.sql, secret: files.config.jwtSecret }),
          rateLimits: unlimitedRateLimits,
        },
        { maxFiles: 1, maxBytes: 1024 },
      ),
    );
    const answer = await call(capped, `${path}/ordner.zip`);
    expect(answer.status).toBe(413);
    expect(await pageText(answer)).toContain("Bitte laden Sie die Dateien einzeln herunter.");
    const [row] = await files.db.sql<{ downloads: number }[]>`select downloads from share_links where id = ${link.id}`;
    expect(row?.downloads).toBe(0);
  });

  test("the download limit holds exactly under 20 concurrent downloads", async () => {
    const file = await helpers.uploaded("begehrt.txt", "x".repeat(100_000));
    const { link, path } = await helpers.share({ target_kind: "file", target_id: file.id, download_limit: 5 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const answer = await helpers.open(`${path}/dateien/${file.id}`);
        await answer.arrayBuffer();
        return answer.status;
      }),
    );
    expect(answers.filter((status) => status === 200)).toHaveLength(5);
    expect(answers.filter((status) => status === 410)).toHaveLength(15);
    const [row] = await files.db.sql<{ downloads: number }[]>`select downloads from share_links where id = ${link.id}`;
    expect(row?.downloads).toBe(5);
    const page = await helpers.open(path);
    expect(page.status).toBe(410);
    expect(await pageText(page)).toContain("Das Download-Limit dieser Freigabe ist erreicht.");
  });

  test("a Range request counts: past the limit it is 410", async () => {
    const file = await helpers.uploaded("stueck.txt", "0123456789");
    const { path } = await helpers.share({ target_kind: "file", target_id: file.id, download_limit: 1 });
    const first = await helpers.open(`${path}/dateien/${file.id}`, { range: "bytes=0-4" });
    expect(first.status).toBe(206);
    expect(await first.text()).toBe("01234");
    const rest = await helpers.open(`${path}/dateien/${file.id}`, { range: "bytes=5-" });
    expect(rest.status).toBe(410);
  });

  test("opening the page is no download", async () => {
    const file = await helpers.uploaded("blick.txt", "Blick");
    const { link, path } = await helpers.share({ target_kind: "file", target_id: file.id, download_limit: 1 });
    for (let time = 0; time < 3; time++) expect((await helpers.open(path)).status).toBe(200);
    const [row] = await files.db.sql<{ downloads: number }[]>`select downloads from share_links where id = ${link.id}`;
    expect(row?.downloads).toBe(0);
  });

  test("a file deleted meanwhile (in the Papierkorb): 410; restored it opens again; purged, the link goes too", async () => {
    const file = await helpers.uploaded("geloescht.txt", "weg");
    const { link, path } = await helpers.share({ target_kind: "file", target_id: file.id });
    expect((await call(files.app, `/api/files/${file.id}`, { method: "DELETE", token: files.token })).status).toBe(204);
    const page = await helpers.open(path);
    expect(page.status).toBe(410);
    expect(await pageText(page)).toContain("Die freigegebene Datei wurde gelöscht.");
    expect((await helpers.open(`${path}/dateien/${file.id}`)).status).toBe(410);
    const list = await callJson<ShareLinkList>(files.app, "/api/share-links", { token: files.token });
    expect(list.body.links.find((entry) => entry.id === link.id)).toMatchObject({
      target_name: "geloescht.txt",
      status: "target_gone",
    });
    const trash = await callJson<TrashList>(files.app, "/api/trash", { token: files.token });
    const entry = trash.body.entries.find((each) => each.kind === "file" && each.item_id === file.id);
    expect(entry).toBeDefined();
    const restored = await call(files.app, `/api/trash/${entry?.id}/restore`, { json: {}, token: files.token });
    expect(restored.status).toBe(200);
    expect((await helpers.open(path)).status).toBe(200);
    expect((await call(files.app, `/api/files/${file.id}`, { method: "DELETE", token: files.token })).status).toBe(204);
    const again = await callJson<TrashList>(files.app, "/api/trash", { token: files.token });
    const second = again.body.entries.find((each) => each.kind === "file" && each.item_id === file.id);
    const admin = await signedInOwner(files.app);
    expect((await call(files.app, `/api/trash/${second?.id}`, { method: "DELETE", token: admin.token })).status).toBe(
      204,
    );
    expect((await helpers.open(path)).status).toBe(404);
    const after = await callJson<ShareLinkList>(files.app, "/api/share-links", { token: files.token });
    expect(after.body.links.find((each) => each.id === link.id)).toBeUndefined();
  });

  test("a folder in the Papierkorb: its link is 410 naming the folder; a trashed file of a live folder is not shared", async () => {
    const folder = await helpers.folder();
    const kept = await helpers.uploaded("bleibt.txt", "bleibt", folder.id);
    const gone = await helpers.uploaded("weg.txt", "weg", folder.id);
    const { path } = await helpers.share({ target_kind: "folder", target_id: folder.id });
    expect((await call(files.app, `/api/files/${gone.id}`, { method: "DELETE", token: files.token })).status).toBe(204);
    const page = await helpers.open(path);
    expect(page.status).toBe(200);
    const text = await pageText(page);
    expect(text).toContain("bleibt.txt");
    expect(text).not.toContain("weg.txt");
    expect((await helpers.open(`${path}/dateien/${gone.id}`)).status).toBe(404);
    expect((await helpers.open(`${path}/dateien/${kept.id}`)).status).toBe(200);
    const zip = unzipSync(new Uint8Array(await (await helpers.open(`${path}/ordner.zip`)).arrayBuffer()));
    expect(Object.keys(zip)).toEqual(["bleibt.txt"]);
    expect((await call(files.app, `/api/folders/${folder.id}`, { method: "DELETE", token: files.token })).status).toBe(
      204,
    );
    const closed = await helpers.open(path);
    expect(closed.status).toBe(410);
    expect(await pageText(closed)).toContain("Der freigegebene Ordner wurde gelöscht.");
    expect((await helpers.open(`${path}/dateien/${kept.id}`)).status).toBe(410);
    expect((await helpers.open(`${path}/ordner.zip`)).status).toBe(410);
    // A new link to a trashed file or folder is refused as if it were not there.
    const refused = await callJson(files.app, "/api/share-links", {
      json: { target_kind: "folder", target_id: folder.id },
      token: files.token,
    });
    expect(refused.status).toBe(404);
  });

  test("an expired link: 410", async () => {
    const file = await helpers.uploaded("alt.txt", "alt");
    const { link, path } = await helpers.share({ target_kind: "file", target_id: file.id, days: 1 });
    await files.db.sql`update share_links set expires_at = now() - interval '1 second' where id = ${link.id}`;
    const page = await helpers.open(path);
    expect(page.status).toBe(410);
    expect(await pageText(page)).toContain("Diese Freigabe ist abgelaufen.");
    expect((await helpers.open(`${path}/dateien/${file.id}`)).status).toBe(410);
  });

  test("a password: the form first, the files only after it, wrong tries limited and then locked", async () => {
    const file = await helpers.uploaded("geheim.txt", "Geheim");
    const { link, path } = await helpers.share({
      target_kind: "file",
      target_id: file.id,
      password: "Sommer-Wiese-2026",
    });
    expect(link.has_password).toBe(true);
    const form = await helpers.open(path);
    expect(form.status).toBe(200);
    const formText = await pageText(form);
    expect(formText).toContain("Diese Freigabe ist durch ein Passwort geschützt.");
    expect(formText).not.toContain("Herunterladen");
    const locked = await helpers.open(`${path}/dateien/${file.id}`);
    expect(locked.status).toBe(303);
    expect(locked.headers.get("location")).toBe(path);

    const post = (password: string) =>
      call(files.app, path, {
        method: "POST",
        body: new URLSearchParams({ password }).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded", "user-agent": firefox },
      });
    const wrong = await post("falsch-falsch");
    expect(wrong.status).toBe(403);
    expect(await pageText(wrong)).toContain("Das Passwort ist nicht richtig.");
    const right = await post("Sommer-Wiese-2026");
    expect(right.status).toBe(303);
    const cookie = right.headers.get("set-cookie") ?? "";
    expect(cookie).toContain(`Path=${path}`);
    expect(cookie).toContain("HttpOnly");
    const session = cookie.split(";")[0] ?? "";
    expect(await pageText(await helpers.open(path, { cookie: session }))).toContain("geheim.txt");
    const bytes = await helpers.open(`${path}/dateien/${file.id}`, { cookie: session });
    expect(await bytes.text()).toBe("Geheim");
    // A forged cookie opens nothing.
    const forged = session.replace(/\.[^.]+$/, `.${"A".repeat(43)}`);
    expect((await helpers.open(`${path}/dateien/${file.id}`, { cookie: forged })).status).toBe(303);

    // Five wrong tries per network in 15 minutes (the right one was taken back), then 429.
    for (let time = 0; time < 4; time++) expect((await post("noch-falscher")).status).toBe(403);
    const limited = await post("Sommer-Wiese-2026");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await pageText(limited)).toContain("Zu viele falsche Versuche.");

    // From the 20th wrong password on, the link is locked for everyone.
    await files.db.sql`update share_links set failed_passwords = 19 where id = ${link.id}`;
    await files.db.sql`delete from rate_limit_counters where limit_name = 'share-link-password'`;
    const last = await post("wieder-falsch");
    expect(last.status).toBe(403);
    expect(await pageText(last)).toContain("nach zu vielen falschen Passwörtern gesperrt");
    const after = await helpers.open(path, { cookie: session });
    expect(after.status).toBe(403);
  });

  test("revoke: another staff member cannot (404), the creator can, then 410; an admin sees and revokes every link", async () => {
    const file = await helpers.uploaded("widerruf.txt", "w");
    const { link, path } = await helpers.share({ target_kind: "file", target_id: file.id });
    const foreign = await call(files.app, `/api/share-links/${link.id}`, { method: "DELETE", token: colleague.token });
    expect(foreign.status).toBe(404);
    const foreignLog = await call(files.app, `/api/share-links/${link.id}/accesses`, { token: colleague.token });
    expect(foreignLog.status).toBe(404);
    const theirs = await callJson<ShareLinkList>(files.app, "/api/share-links", { token: colleague.token });
    expect(theirs.body).toEqual({ links: [], all: false });
    const everyone = await callJson<ShareLinkList>(files.app, "/api/share-links", { token: admin.token });
    expect(everyone.body.all).toBe(true);
    expect(everyone.body.links.some((entry: ShareLink) => entry.id === link.id)).toBe(true);

    expect(
      (await call(files.app, `/api/share-links/${link.id}`, { method: "DELETE", token: files.token })).status,
    ).toBe(204);
    const page = await helpers.open(path);
    expect(page.status).toBe(410);
    expect(await pageText(page)).toContain("Diese Freigabe wurde zurückgezogen.");
    expect((await helpers.open(`${path}/dateien/${file.id}`)).status).toBe(410);

    const other = await helpers.share({ target_kind: "file", target_id: file.id }, colleague.token);
    expect(
      (await call(files.app, `/api/share-links/${other.link.id}`, { method: "DELETE", token: admin.token })).status,
    ).toBe(204);
    expect((await helpers.open(other.path)).status).toBe(410);
    const events = await files.db.sql<{ action: string }[]>`
      select action from audit_events where object_type = 'share_link' and object_id = ${String(link.id)} order by seq`;
    expect(events.map((event) => event.action)).toEqual(["share_link.created", "share_link.revoked"]);
  });

  test.each([
    ["no target kind", { target_id: 1 }, 422],
    ["a bad kind", { target_kind: "customer", target_id: 1 }, 422],
    ["0 days", { target_kind: "file", target_id: 1, days: 0 }, 422],
    ["31 days", { target_kind: "file", target_id: 1, days: 31 }, 422],
    ["a short password", { target_kind: "file", target_id: 1, password: "kurz" }, 422],
    ["a limit of 0", { target_kind: "file", target_id: 1, download_limit: 0 }, 422],
    ["a notice asked for as text", { target_kind: "file", target_id: 1, notify_on_open: "ja" }, 422],
    ["a notice asked for as 1", { target_kind: "file", target_id: 1, notify_on_open: 1 }, 422],
    ["a missing file", { target_kind: "file", target_id: 999_999 }, 404],
    ["a missing folder", { target_kind: "folder", target_id: 999_999 }, 404],
  ])("creating with %s: %d", async (_, json, status) => {
    const answer = await callJson<{ code: string; message: string }>(files.app, "/api/share-links", {
      json,
      token: files.token,
    });
    expect(answer.status).toBe(status);
    expect(answer.body.message).toMatch(/[äöüßÄÖÜ]|Bitte|Die|Das/);
  });

  /** The first-opening notices about `targetName` in the outbox. */
  const notices = (targetName: string) =>
    files.db.sql<{ to_name: string; to_address: string; subject: string; text_body: string }[]>`
      select to_name, to_address, subject, text_body from outbox
      where kind = 'share-link-opened' and subject like ${`%„${targetName}“%`}`;

  test("the sharer hears of the first opening once, however many clients open it at once; a link without it stays quiet", async () => {
    const name = `${uniqueName("Bericht")}.txt`;
    const file = await helpers.uploaded(name, "Bericht");
    const asked = await helpers.share({
      target_kind: "file",
      target_id: file.id,
      label: "Für Frau Berg",
      notify_on_open: true,
    });
    expect(asked.link.notify_on_open).toBe(true);
    const quiet = await helpers.share({ target_kind: "file", target_id: file.id });
    expect(quiet.link.notify_on_open).toBe(false);
    // The password form is no opening: the notice waits for the files to be shown.
    const locked = await helpers.share({
      target_kind: "file",
      target_id: file.id,
      password: "geheim-123",
      notify_on_open: true,
    });
    expect((await helpers.open(locked.path)).status).toBe(200);

    const pages = await Promise.all(Array.from({ length: 20 }, () => helpers.open(asked.path)));
    expect(pages.map((page) => page.status)).toEqual(Array.from({ length: 20 }, () => 200));
    expect((await helpers.open(asked.path)).status).toBe(200);
    expect((await helpers.open(`${asked.path}/dateien/${file.id}`)).status).toBe(200);
    expect((await helpers.open(quiet.path)).status).toBe(200);

    const [sharer] = await files.db.sql<{ email: string }[]>`select email from users where name = 'Sven Teiler'`;
    const sent = await notices(name);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to_name: "Sven Teiler",
      to_address: sharer?.email,
      subject: `Ihr Freigabelink für „${name}“ wurde geöffnet`,
    });
    const text = sent[0]?.text_body ?? "";
    expect(text).toContain(`Ihr Link für die Datei „${name}“ („Für Frau Berg“) wurde am `);
    expect(text).toContain("zum ersten Mal geöffnet (Browser: Firefox, Windows).");
    // The client's network is in the sharer's log, never in a mail.
    expect(text).not.toMatch(/\blocal\b/);
    const listed = await callJson<ShareLinkList>(files.app, "/api/share-links", { token: files.token });
    expect(listed.body.links.find((link) => link.id === asked.link.id)?.notify_on_open).toBe(true);
  });

  test("a folder's notice names the folder; an account no longer active gets none", async () => {
    const folder = await helpers.folder();
    const { path } = await helpers.share({ target_kind: "folder", target_id: folder.id, notify_on_open: true });
    expect((await helpers.open(path)).status).toBe(200);
    expect((await notices(folder.name))[0]?.text_body).toContain(`Ihr Link für den Ordner „${folder.name}“ wurde am `);

    const leaving = await registerAndLogin(files.app, { name: "Lena Geht" });
    const file = await helpers.uploaded(`${uniqueName("Abschied")}.txt`, "Tschüss");
    const theirs = await helpers.share(
      { target_kind: "file", target_id: file.id, notify_on_open: true },
      leaving.token,
    );
    await files.db.sql`update users set status = 'disabled' where name = 'Lena Geht'`;
    expect((await helpers.open(theirs.path)).status).toBe(200);
    expect(await notices(file.original_name)).toHaveLength(0);
  });

  test("the admins' maximum: staff read it and may not set it; links past it are refused, a shorter default follows it", async () => {
    const settings = (token: string) =>
      callJson<{ max_days?: number; code?: string; message?: string }>(files.app, "/api/share-links/settings", {
        token,
      });
    const setMax = (json: unknown, token = admin.token) =>
      callJson<{ max_days?: number; code?: string; message?: string }>(files.app, "/api/share-links/settings", {
        method: "PUT",
        json,
        token,
      });
    expect((await settings(files.token)).body).toEqual({ max_days: 30 });
    expect((await call(files.app, "/api/share-links/settings")).status).toBe(401);
    const refused = await setMax({ max_days: 10 }, files.token);
    expect(refused.status).toBe(403);
    expect((await settings(files.token)).body).toEqual({ max_days: 30 });
    for (const json of [{ max_days: 0 }, { max_days: 31 }, { max_days: 2.5 }, { max_days: "10" }, {}, [], null]) {
      const answer = await setMax(json);
      expect({ json, status: answer.status }).toEqual({ json, status: 422 });
      expect(answer.body.message).toMatch(/^Die (höchste Gültigkeit|Anfrage muss ein JSON-Objekt)/);
    }

    try {
      expect((await setMax({ max_days: 10 })).body).toEqual({ max_days: 10 });
      expect((await settings(files.token)).body).toEqual({ max_days: 10 });
      const file = await helpers.uploaded("frist.txt", "Frist");
      const over = await callJson<{ code: string; message: string }>(files.app, "/api/share-links", {
        json: { target_kind: "file", target_id: file.id, days: 11 },
        token: files.token,
      });
      expect(over.status).toBe(422);
      expect(over.body).toEqual({
        code: "validation",
        message: "Neue Freigaben gelten höchstens 10 Tage (von der Verwaltung festgelegt).",
      });
      const atMax = await helpers.share({ target_kind: "file", target_id: file.id, days: 10 });
      expect((Date.parse(atMax.link.expires_at) - Date.parse(atMax.link.created_at)) / 86_400_000).toBeCloseTo(10, 3);

      // Below the default of 7, a link without days gets the maximum; one day is „1 Tag“.
      await setMax({ max_days: 1 });
      const short = await helpers.share({ target_kind: "file", target_id: file.id });
      expect((Date.parse(short.link.expires_at) - Date.parse(short.link.created_at)) / 86_400_000).toBeCloseTo(1, 3);
      const two = await callJson<{ message: string }>(files.app, "/api/share-links", {
        json: { target_kind: "file", target_id: file.id, days: 2 },
        token: files.token,
      });
      expect(two.body.message).toBe("Neue Freigaben gelten höchstens 1 Tag (von der Verwaltung festgelegt).");
      // A link made before keeps its expiry.
      const listed = await callJson<ShareLinkList>(files.app, "/api/share-links", { token: files.token });
      expect(listed.body.links.find((link) => link.id === atMax.link.id)?.expires_at).toBe(atMax.link.expires_at);

      const events = await files.db.sql<{ changes: unknown }[]>`
        select changes from audit_events where action = 'share_link.settings_changed' order by seq`;
      expect(events.map((event) => event.changes)).toEqual([
        { max_days: { before: 30, after: 10 } },
        { max_days: { before: 10, after: 1 } },
      ]);
      // The same value again changes nothing and records nothing.
      expect((await setMax({ max_days: 1 })).status).toBe(200);
      const [count] = await files.db.sql<{ n: number }[]>`
        select count(*)::int as n from audit_events where action = 'share_link.settings_changed'`;
      expect(count?.n).toBe(2);
    } finally {
      await setMax({ max_days: 30 });
    }
  });

  test("an erasure revokes the links of the files and folders it found", async () => {
    const email = `${crypto.randomUUID().slice(0, 8)}@kunde.example`;
    const file = await helpers.uploaded(`Vertrag (${email}) 2026.txt`, "Vertrag");
    const { path } = await helpers.share({ target_kind: "file", target_id: file.id });
    expect((await helpers.open(path)).status).toBe(200);
    const privacyCase = await openPrivacyCase(files.app, admin, { email, kind: "erasure" });
    const done = await call(files.app, `/api/privacy/cases/${privacyCase.id}/erasure`, {
      method: "POST",
      token: admin.token,
    });
    expect(done.status).toBe(200);
    const page = await helpers.open(path);
    expect(page.status).toBe(410);
    expect(await pageText(page)).toContain("Diese Freigabe wurde zurückgezogen.");
  });

  test("signed out: the staff routes are 401", async () => {
    expect((await call(files.app, "/api/share-links")).status).toBe(401);
    expect((await call(files.app, "/api/share-links", { json: { target_kind: "file", target_id: 1 } })).status).toBe(
      401,
    );
  });
});

describe.each(storeKinds)("share link downloads on the %s store", (store) => {
  let files: FilesTest;
  let helpers: Awaited<ReturnType<typeof shareTest>>;

  beforeAll(async () => {
    files = await startFilesTest({ store });
    helpers = await shareTest(files);
  });
  afterAll(() => files.stop());

  test("a file and the folder's ZIP, byte for byte", async () => {
    const shared = await helpers.folder();
    const big = new Uint8Array(3 * 1024 * 1024 + 7);
    for (let at = 0; at < big.length; at += 65536)
      crypto.getRandomValues(big.subarray(at, Math.min(big.length, at + 65536)));
    const answer = await upload(files.app, files.token, { name: "gross.bin", content: big, folderId: shared.id });
    const file = answer.body.file as StoredFile;
    await helpers.uploaded("klein.txt", "klein", shared.id);
    const { path } = await helpers.share({ target_kind: "folder", target_id: shared.id });
    const one = await helpers.open(`${path}/dateien/${file.id}`);
    expect(one.status).toBe(200);
    expect(Buffer.compare(new Uint8Array(await one.arrayBuffer()), big)).toBe(0);
    const zip = await helpers.open(`${path}/ordner.zip`);
    const entries = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    expect(Object.keys(entries).sort()).toEqual(["gross.bin", "klein.txt"]);
    expect(Buffer.compare(entries["gross.bin"] ?? new Uint8Array(), big)).toBe(0);
  });
});
