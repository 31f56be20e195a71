import { afterAll, describe, expect, test } from "bun:test";
import type { FileSearchPage, Folder, StoredFile } from "@klarwerk/kit";
import { filesApiMessages } from "../../src/modules/files/messages.ts";
import { foldersApiMessages } from "../../src/modules/folders/index.ts";
import { startFilesTest, upload } from "../storage/upload-helpers.ts";
import { call, callJson } from "../support/http.ts";
import { registerAndLogin } from "../support/users.ts";

// Renaming, moving and the search across folders (decision 0094), on the database DATABASE_URL
// names or the embedded one: run it with and without.
const files = await startFilesTest({ userName: "Ute Upload" });
afterAll(() => files.stop());
const { app, db, token } = files;
// Another staff member: deletion is anyone's, so renaming and moving are too.
const other = await registerAndLogin(app, { name: "Otto Anders" });

const unique = (prefix: string) => `${prefix} ${crypto.randomUUID().slice(0, 8)}`;

async function folder(name: string, parentId: number | null = null): Promise<Folder> {
  const answer = await callJson<{ folder: Folder }>(app, "/api/folders", {
    json: { name, parent_id: parentId },
    token,
  });
  expect(answer.status).toBe(201);
  return answer.body.folder;
}

async function file(name: string, folderId: number | null = null): Promise<StoredFile> {
  const answer = await upload(app, token, { name, folderId });
  expect(answer.status).toBe(201);
  return answer.body.file;
}

function patchFile(id: number, json: unknown, as = token) {
  return callJson<{ file: StoredFile; code?: string; message?: string }>(app, `/api/files/${id}`, {
    method: "PATCH",
    json,
    token: as,
  });
}

function patchFolder(id: number, json: unknown, as = token) {
  return callJson<{ folder: Folder; code?: string; message?: string }>(app, `/api/folders/${id}`, {
    method: "PATCH",
    json,
    token: as,
  });
}

function search(query: string) {
  return callJson<FileSearchPage & { code?: string; message?: string }>(app, `/api/files/search?${query}`, { token });
}

interface EventRow {
  actor_name: string;
  fields: string[];
  changes: Record<string, unknown> | null;
}

async function events(action: string, objectId: number): Promise<EventRow[]> {
  const rows = await db.sql<{ actor_name: string; fields: string[]; changes: Record<string, unknown> | null }[]>`
    select actor_name, fields, changes from audit_events
    where action = ${action} and object_id = ${String(objectId)} order by seq`;
  return [...rows];
}

/** An error answer's body, whatever the route answers on success. */
function errorOf(answer: { body: unknown }): unknown {
  return answer.body;
}

describe("PATCH /api/files/:id", () => {
  test("renames a file, trimmed; the event names the field, never the names", async () => {
    const stored = await file("alt.txt");
    const answer = await patchFile(stored.id, { name: "  Angebot Müller.txt " });
    expect(answer.status).toBe(200);
    expect(answer.body.file).toEqual({ ...stored, original_name: "Angebot Müller.txt" });
    expect(await events("file.renamed", stored.id)).toEqual([
      { actor_name: "Ute Upload", fields: ["original_name"], changes: null },
    ]);
  });

  test("moves a file into a folder and back to the root level; the event carries the folder ids", async () => {
    const target = await folder(unique("Ziel"));
    const stored = await file("wandert.txt");
    const moved = await patchFile(stored.id, { folder_id: target.id });
    expect(moved.status).toBe(200);
    expect(moved.body.file.folder_id).toBe(target.id);
    const inTarget = await callJson<{ files: StoredFile[] }>(app, `/api/files?folder_id=${target.id}`, { token });
    expect(inTarget.body.files.map((each) => each.id)).toEqual([stored.id]);
    expect((await patchFile(stored.id, { folder_id: null })).body.file.folder_id).toBeNull();
    expect((await events("file.moved", stored.id)).map((event) => event.changes)).toEqual([
      { folder_id: { before: null, after: target.id } },
      { folder_id: { before: target.id, after: null } },
    ]);
  });

  test("both at once: one event each; the same name and folder again: none", async () => {
    const target = await folder(unique("Beides"));
    const stored = await file("beides.txt");
    expect((await patchFile(stored.id, { name: "neu.txt", folder_id: target.id })).status).toBe(200);
    expect((await patchFile(stored.id, { name: "neu.txt", folder_id: target.id })).status).toBe(200);
    expect(await events("file.renamed", stored.id)).toHaveLength(1);
    expect(await events("file.moved", stored.id)).toHaveLength(1);
  });

  test("two files may share a name (as uploads may)", async () => {
    const target = await folder(unique("Doppelt"));
    await file("gleich.txt", target.id);
    const second = await file("anders.txt");
    const answer = await patchFile(second.id, { name: "gleich.txt", folder_id: target.id });
    expect(answer.status).toBe(200);
  });

  test("another staff member may rename and move a file, as they may delete it", async () => {
    const stored = await file("fremd.txt");
    const answer = await patchFile(stored.id, { name: "von Otto.txt" }, other.token);
    expect(answer.status).toBe(200);
    expect((await events("file.renamed", stored.id))[0]?.actor_name).toBe("Otto Anders");
  });

  test.each([
    ["empty", "", filesApiMessages.nameRequired],
    ["blank", "   ", filesApiMessages.nameRequired],
    ["256 characters", "ä".repeat(256), filesApiMessages.nameTooLong],
    ["a slash", "a/b.txt", filesApiMessages.nameSlash],
    ["a backslash", "a\\b.txt", filesApiMessages.nameSlash],
    ["a tab", "a\tb.txt", filesApiMessages.nameInvalid],
    ["a line break", "a\nb.txt", filesApiMessages.nameInvalid],
  ])("a name that is %s → 422, the file unchanged", async (_case, name, message) => {
    const stored = await file("bleibt.txt");
    const answer = await patchFile(stored.id, { name });
    expect(answer.status).toBe(422);
    expect(errorOf(answer)).toEqual({ code: "validation", message });
    const [row] = await db.sql<{ original_name: string }[]>`select original_name from files where id = ${stored.id}`;
    expect(row?.original_name).toBe("bleibt.txt");
  });

  test("255 characters are allowed (umlauts one each)", async () => {
    const stored = await file("kurz.txt");
    const answer = await patchFile(stored.id, { name: "ü".repeat(255) });
    expect(answer.status).toBe(200);
  });

  test("an empty change, a bad folder id, a missing file or target", async () => {
    const stored = await file("fehler.txt");
    expect(errorOf(await patchFile(stored.id, {}))).toEqual({
      code: "validation",
      message: filesApiMessages.changeEmpty,
    });
    expect(errorOf(await patchFile(stored.id, { folder_id: 0 }))).toEqual({
      code: "validation",
      message: filesApiMessages.invalidFolder,
    });
    const missingTarget = await patchFile(stored.id, { folder_id: 999_999_999 });
    expect(missingTarget.status).toBe(404);
    expect(errorOf(missingTarget)).toEqual({
      code: "target-folder-not-found",
      message: foldersApiMessages.targetNotFound,
    });
    const missingFile = await patchFile(999_999_999, { name: "x.txt" });
    expect(missingFile.status).toBe(404);
    expect(missingFile.body.code).toBe("file-not-found");
    expect((await patchFile(stored.id, { name: "x" }, "")).status).toBe(401);
    expect(await events("file.moved", stored.id)).toEqual([]);
  });
});

describe("PATCH /api/folders/:id", () => {
  test("renames a folder and moves it with its files; events as a file's", async () => {
    const parent = await folder(unique("Kunden"));
    const moving = await folder(unique("Projekt"));
    const inside = await file("drin.txt", moving.id);
    const name = unique("Projekt neu");
    const answer = await patchFolder(moving.id, { name, parent_id: parent.id });
    expect(answer.status).toBe(200);
    expect(answer.body.folder).toEqual({ ...moving, name, parent_id: parent.id });
    expect(await events("folder.renamed", moving.id)).toEqual([
      { actor_name: "Ute Upload", fields: ["name"], changes: null },
    ]);
    expect((await events("folder.moved", moving.id))[0]?.changes).toEqual({
      parent_id: { before: null, after: parent.id },
    });
    const found = await search(`search=${encodeURIComponent("drin.txt")}`);
    const hit = found.body.files.find((each) => each.id === inside.id);
    expect(hit?.folder_path).toEqual([
      { id: parent.id, name: parent.name },
      { id: moving.id, name },
    ]);
  });

  test("a name taken in the target (any case) → 409; a case change of its own name is fine", async () => {
    const target = await folder(unique("Ziel"));
    const taken = await folder("Verträge", target.id);
    const moving = await folder("VERTRÄGE");
    const answer = await patchFolder(moving.id, { parent_id: target.id });
    expect(answer.status).toBe(409);
    expect(errorOf(answer)).toEqual({ code: "folder-name-taken", message: foldersApiMessages.nameTaken });
    const sibling = await folder("Andere", target.id);
    expect((await patchFolder(sibling.id, { name: "verträge" })).status).toBe(409);
    expect((await patchFolder(taken.id, { name: "VERTRÄGE" })).status).toBe(200);
  });

  test("into itself, its child or a deeper descendant → 409; a sibling is fine", async () => {
    const top = await folder(unique("Oben"));
    const child = await folder("Kind", top.id);
    const grandchild = await folder("Enkel", child.id);
    const deeper = await folder("Urenkel", grandchild.id);
    for (const target of [top, child, grandchild, deeper]) {
      const answer = await patchFolder(top.id, { parent_id: target.id });
      expect(answer.status).toBe(409);
      expect(errorOf(answer)).toEqual({ code: "folder-into-itself", message: foldersApiMessages.intoItself });
    }
    // The other way round is a move like any other.
    expect((await patchFolder(grandchild.id, { parent_id: top.id })).status).toBe(200);
    expect(await events("folder.moved", top.id)).toEqual([]);
  });

  test.each([
    ["empty", "", foldersApiMessages.nameRequired],
    ["256 characters", "x".repeat(256), foldersApiMessages.nameTooLong],
    ["a slash", "A/B", foldersApiMessages.nameSlash],
    ["a control character", "A\u0007B", foldersApiMessages.nameInvalid],
  ])("a name that is %s → 422", async (_case, name, message) => {
    const moving = await folder(unique("Regeln"));
    const answer = await patchFolder(moving.id, { name });
    expect(answer.status).toBe(422);
    expect(errorOf(answer)).toEqual({ code: "validation", message });
  });

  test("255 characters, a missing folder or target, moving to the root level", async () => {
    const parent = await folder(unique("Eltern"));
    const moving = await folder(unique("Kind"), parent.id);
    expect((await patchFolder(moving.id, { name: "y".repeat(255) })).status).toBe(200);
    const gone = await patchFolder(moving.id, { parent_id: 999_999_999 });
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe("target-folder-not-found");
    expect((await patchFolder(999_999_999, { name: "x" })).body.code).toBe("folder-not-found");
    expect((await patchFolder(moving.id, {})).status).toBe(422);
    const home = await patchFolder(moving.id, { parent_id: null }, other.token);
    expect(home.status).toBe(200);
    expect(home.body.folder.parent_id).toBeNull();
  });

  test("a new folder's name with a slash is refused too (one rule)", async () => {
    const answer = await callJson(app, "/api/folders", { json: { name: "A/B" }, token });
    expect(answer.status).toBe(422);
  });
});

describe("GET /api/files/search", () => {
  test("from the top level finds a file in a folder, any case, with its folder path", async () => {
    const customers = await folder(unique("Kunden"));
    const stored = await file("Vertrag Müller & Söhne.pdf", customers.id);
    for (const term of ["vertrag", "VERTRAG MÜLLER", "müller & s"]) {
      const answer = await search(`search=${encodeURIComponent(term)}`);
      expect(answer.status).toBe(200);
      const hit = answer.body.files.find((each) => each.id === stored.id);
      expect(hit).toEqual({ ...stored, folder_path: [{ id: customers.id, name: customers.name }] });
    }
  });

  test("a file at the root level has an empty path; % and _ match themselves", async () => {
    const percent = await file(`${unique("100%")} Rabatt.txt`);
    await file(`${unique("100x")} Rabatt.txt`);
    const answer = await search(`search=${encodeURIComponent("100%")}`);
    expect(answer.body.files.map((each) => each.id)).toEqual([percent.id]);
    expect(answer.body.files[0]?.folder_path).toEqual([]);
    expect((await search(`search=${encodeURIComponent("_")}`)).body.files).toEqual([]);
  });

  test("50 a page, newest first; more says whether another page follows (50 and 51)", async () => {
    const word = crypto.randomUUID().slice(0, 8);
    const ids: number[] = [];
    for (let index = 0; index < 51; index++) {
      const [row] = await db.sql<{ id: number }[]>`
        insert into files (original_name, mime_type, size, blob_id, uploader_name, created_at)
        values (${`Seite ${word} ${index}.txt`}, 'text/plain', 1, ${crypto.randomUUID().replaceAll("-", "")}, 'Test',
                now() - make_interval(secs => ${100 - index}))
        returning id`;
      if (row) ids.push(row.id);
    }
    const first = await search(`search=${word}`);
    expect(first.body.files.map((each) => each.id)).toEqual(ids.slice(1).reverse());
    expect(first.body.more).toBe(true);
    const second = await search(`search=${word}&page=2`);
    expect(second.body.files.map((each) => each.id)).toEqual(ids.slice(0, 1));
    expect(second.body.more).toBe(false);
    await db.sql`delete from files where id = ${ids[50] ?? 0}`;
    const exactly = await search(`search=${word}`);
    expect(exactly.body.files).toHaveLength(50);
    expect(exactly.body.more).toBe(false);
  });

  test("a blank or too long term, a bad page → 400 in German (as the customer search); 200 characters and page 200 are fine", async () => {
    expect(errorOf(await search("search=%20"))).toEqual({
      code: "invalid-query",
      message: filesApiMessages.searchRequired,
    });
    expect((await search("")).status).toBe(400);
    expect(errorOf(await search(`search=${"a".repeat(201)}`))).toEqual({
      code: "invalid-query",
      message: filesApiMessages.searchTooLong,
    });
    expect((await search(`search=${"a".repeat(200)}`)).status).toBe(200);
    expect((await search("search=a&page=200")).status).toBe(200);
    for (const page of ["0", "201", "x"]) {
      expect(errorOf(await search(`search=a&page=${page}`))).toEqual({
        code: "invalid-query",
        message: filesApiMessages.invalidPage,
      });
    }
    expect((await call(app, "/api/files/search?search=a")).status).toBe(401);
  });
});
