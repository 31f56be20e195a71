import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type {
  FileListing,
  FileSearchPage,
  Folder,
  FolderList,
  PrivacyCaseDetail,
  StoredFile,
  TrashList,
  TrashRestored,
} from "@klarwerk/kit";
import { readLedger } from "../../src/modules/privacy/index.ts";
import { runTrashPurge } from "../../src/modules/trash/index.ts";
import { type FilesTest, startFilesTest, upload } from "../storage/upload-helpers.ts";
import { testDatabaseKinds } from "../support/database.ts";
import { call, callJson } from "../support/http.ts";
import { openPrivacyCase } from "../support/privacy.ts";
import { registerAndLogin, type SignedInUser, signedInOwner } from "../support/users.ts";

/**
 * The Papierkorb (docs/decisions/0098-files-trash.md), its abuse list first, on both databases
 * (the disk store; both stores' purge of the blob: files-stores.test.ts).
 */
describe.each(testDatabaseKinds())("the Papierkorb on the %s database", (database) => {
  let files: FilesTest;
  let staff: SignedInUser;
  let colleague: SignedInUser;
  let admin: SignedInUser;

  beforeAll(async () => {
    files = await startFilesTest({ database, userName: "Tom Team" });
    admin = await signedInOwner(files.app);
    staff = await registerAndLogin(files.app, { name: "Sina Staff" });
    colleague = await registerAndLogin(files.app, { name: "Kai Kollege" });
  });
  afterAll(() => files.stop());

  const unique = (prefix: string) => `${prefix} ${crypto.randomUUID().slice(0, 8)}`;

  async function folder(name: string, parentId: number | null = null, token = staff.token): Promise<Folder> {
    const answer = await callJson<{ folder: Folder }>(files.app, "/api/folders", {
      json: { name, parent_id: parentId },
      token,
    });
    expect(answer.status).toBe(201);
    return answer.body.folder;
  }

  async function uploaded(name: string, folderId: number | null = null, token = staff.token): Promise<StoredFile> {
    const answer = await upload(files.app, token, {
      name,
      content: new TextEncoder().encode(name),
      type: "text/plain",
      folderId,
    });
    expect(answer.status).toBe(201);
    return answer.body.file;
  }

  const remove = (kind: "files" | "folders", id: number, token = staff.token) =>
    call(files.app, `/api/${kind}/${id}`, { method: "DELETE", token });

  const trash = (token = staff.token, page = "") => callJson<TrashList>(files.app, `/api/trash${page}`, { token });

  async function entryOf(kind: "file" | "folder", itemId: number, token = staff.token) {
    const entry = (await trash(token)).body.entries.find((each) => each.kind === kind && each.item_id === itemId);
    if (!entry) throw new Error(`no trash entry for ${kind} ${itemId}`);
    return entry;
  }

  const restore = (id: number, json: Record<string, unknown> = {}, token = staff.token) =>
    callJson<TrashRestored & { code?: string; message?: string }>(files.app, `/api/trash/${id}/restore`, {
      json,
      token,
    });

  const purge = (id: number, token = admin.token) => call(files.app, `/api/trash/${id}`, { method: "DELETE", token });

  const filesIn = async (folderId: number | null) =>
    (
      await callJson<FileListing>(files.app, `/api/files${folderId === null ? "" : `?folder_id=${folderId}`}`, {
        token: staff.token,
      })
    ).body.files;
  const foldersIn = async (parentId: number | null) =>
    (
      await callJson<FolderList>(files.app, `/api/folders${parentId === null ? "" : `?parent_id=${parentId}`}`, {
        token: staff.token,
      })
    ).body.folders;

  test("a folder with a file and a subfolder: one deletion, gone everywhere, shown with its path, restored whole", async () => {
    const top = await folder(unique("Kunden"));
    const project = await folder("Projekt", top.id);
    const inner = await folder("Verträge", project.id);
    const contract = await uploaded("Vertrag Müller.pdf", inner.id);
    const note = await uploaded("Notiz.txt", project.id);
    expect((await remove("folders", project.id)).status).toBe(204);

    // Gone from listings, search, downloads, the viewer and as a target.
    expect((await foldersIn(top.id)).map((each) => each.id)).not.toContain(project.id);
    expect((await callJson(files.app, `/api/folders?parent_id=${project.id}`, { token: staff.token })).status).toBe(
      404,
    );
    expect((await callJson(files.app, `/api/files?folder_id=${inner.id}`, { token: staff.token })).status).toBe(404);
    const search = await callJson<FileSearchPage>(files.app, "/api/files/search?search=Vertrag%20M%C3%BCller", {
      token: staff.token,
    });
    expect(search.body.files.map((each) => each.id)).not.toContain(contract.id);
    expect((await call(files.app, `/api/files/${contract.id}/download`, { token: staff.token })).status).toBe(404);
    expect((await call(files.app, `/api/files/${contract.id}/preview`, { token: staff.token })).status).toBe(404);
    expect(
      (await call(files.app, `/api/files/${note.id}/download-link`, { method: "POST", token: staff.token })).status,
    ).toBe(404);
    expect(
      (
        await callJson(files.app, `/api/files/${note.id}`, {
          method: "PATCH",
          json: { name: "x.txt" },
          token: staff.token,
        })
      ).status,
    ).toBe(404);
    // Nothing goes into a trashed folder: upload, new folder, move.
    expect(
      (
        await upload(files.app, staff.token, {
          name: "neu.txt",
          content: new TextEncoder().encode("neu"),
          folderId: inner.id,
        })
      ).status,
    ).toBe(404);
    expect(
      (await callJson(files.app, "/api/folders", { json: { name: "Neu", parent_id: inner.id }, token: staff.token }))
        .status,
    ).toBe(404);
    const outside = await uploaded("Außen.txt", top.id);
    const moved = await callJson(files.app, `/api/files/${outside.id}`, {
      method: "PATCH",
      json: { folder_id: inner.id },
      token: staff.token,
    });
    expect(moved.status).toBe(404);
    expect(moved.body).toMatchObject({ code: "target-folder-not-found" });
    // Deleting it again, or something inside it: 404.
    expect((await remove("folders", project.id)).status).toBe(404);
    expect((await remove("folders", inner.id)).status).toBe(404);
    expect((await remove("files", contract.id)).status).toBe(404);

    const entry = await entryOf("folder", project.id);
    expect(entry).toMatchObject({
      name: "Projekt",
      original_path: [{ id: top.id, name: top.name }],
      deleted_by_name: "Sina Staff",
      file_count: 2,
      folder_count: 2,
    });
    expect(Date.parse(entry.purge_at) - Date.parse(entry.deleted_at)).toBe(30 * 24 * 60 * 60 * 1000);
    expect((await trash()).body).toMatchObject({ all: false, days: 30 });

    const restored = await restore(entry.id);
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual({
      kind: "folder",
      item_id: project.id,
      folder_id: top.id,
      folder_path: [{ id: top.id, name: top.name }],
    });
    expect((await filesIn(inner.id)).map((each) => each.id)).toEqual([contract.id]);
    expect((await filesIn(project.id)).map((each) => each.id)).toEqual([note.id]);
    // Restoring twice: the deletion is gone.
    const again = await restore(entry.id);
    expect(again.status).toBe(404);
    expect(again.body as unknown).toEqual({
      code: "trash-entry-not-found",
      message: "Diesen Eintrag gibt es im Papierkorb nicht (mehr).",
    });
  });

  test("unsigned: 401 on every route; staff see and restore only their own, never purge; admins see all", async () => {
    const file = await uploaded(unique("fremd"), null, colleague.token);
    expect((await call(files.app, `/api/files/${file.id}`, { method: "DELETE" })).status).toBe(401);
    expect((await remove("files", file.id, colleague.token)).status).toBe(204);
    const entry = await entryOf("file", file.id, colleague.token);
    expect((await call(files.app, "/api/trash")).status).toBe(401);
    expect((await call(files.app, `/api/trash/${entry.id}/restore`, { json: {} })).status).toBe(401);
    expect((await call(files.app, `/api/trash/${entry.id}`, { method: "DELETE" })).status).toBe(401);
    // Another staff member: not listed, 404 on restore (its existence is not told), 403 on purge.
    expect((await trash()).body.entries.map((each) => each.id)).not.toContain(entry.id);
    expect((await restore(entry.id)).status).toBe(404);
    expect((await purge(entry.id, staff.token)).status).toBe(403);
    expect((await purge(entry.id, colleague.token)).status).toBe(403);
    // An admin sees it with who deleted it, and may restore it.
    const all = await trash(admin.token);
    expect(all.body.all).toBe(true);
    expect(all.body.entries.find((each) => each.id === entry.id)?.deleted_by_name).toBe("Kai Kollege");
    expect((await restore(entry.id, {}, admin.token)).status).toBe(200);
  });

  test("ids of other kinds and weird input: 400, 404 and 422 in German", async () => {
    const file = await uploaded(unique("art"));
    const [next] = await files.db.sql<
      { id: number }[]
    >`select coalesce(max(id), 0)::int + 1000 as id from file_deletions`;
    // A file's own id (no deletion of that number) is no entry.
    expect((await restore(next?.id ?? 1)).status).toBe(404);
    for (const bad of ["abc", "0", "-1", "1.5", "99999999999999999"]) {
      const answer = await callJson(files.app, `/api/trash/${bad}/restore`, { json: {}, token: staff.token });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: "invalid-id" });
    }
    expect((await callJson(files.app, "/api/trash?page=0", { token: staff.token })).status).toBe(400);
    expect((await callJson(files.app, "/api/trash?page=x", { token: staff.token })).status).toBe(400);
    expect((await remove("files", file.id)).status).toBe(204);
    const entry = await entryOf("file", file.id);
    for (const folderId of ["x", 0, -3, 1.5]) {
      const answer = await restore(entry.id, { folder_id: folderId });
      expect(answer.status).toBe(422);
      expect(answer.body).toMatchObject({ code: "validation", message: "Der Zielordner ist ungültig." });
    }
    const gone = await restore(entry.id, { folder_id: 999_999_999 });
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ code: "target-folder-not-found" });
    expect((await restore(entry.id, { folder_id: null })).body.folder_id).toBeNull();
  });

  test("restore into a taken name: a German 409, then „Wiederherstellen nach …“ another folder", async () => {
    const parent = await folder(unique("Archiv"));
    const old = await folder("Berichte", parent.id);
    await uploaded("alt.txt", old.id);
    expect((await remove("folders", old.id)).status).toBe(204);
    // The name is free again while the folder is in the trash.
    const again = await folder("berichte", parent.id);
    const entry = await entryOf("folder", old.id);
    const refused = await restore(entry.id);
    expect(refused.status).toBe(409);
    expect(refused.body as unknown).toEqual({
      code: "restore-place-taken",
      message:
        "Am ursprünglichen Ort gibt es inzwischen einen Ordner mit diesem Namen. Bitte wählen Sie „Wiederherstellen nach …“ und einen anderen Ordner.",
    });
    const intoTaken = await restore(entry.id, { folder_id: parent.id });
    expect(intoTaken.status).toBe(409);
    expect(intoTaken.body).toMatchObject({ code: "folder-name-taken" });
    // Into the folder of the same name: it goes below it.
    const elsewhere = await restore(entry.id, { folder_id: again.id });
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body.folder_path.map((step) => step.id)).toEqual([parent.id, again.id]);
    expect((await foldersIn(again.id)).map((each) => each.id)).toEqual([old.id]);
  });

  test("a folder whose parent was deleted too: the path is made again; the parent then clashes and goes elsewhere", async () => {
    const top = await folder(unique("Kunde"));
    const child = await folder("Rechnungen", top.id);
    const file = await uploaded("R1.pdf", child.id);
    expect((await remove("folders", child.id)).status).toBe(204);
    expect((await remove("folders", top.id)).status).toBe(204);
    const childEntry = await entryOf("folder", child.id);
    const topEntry = await entryOf("folder", top.id);
    expect(topEntry.folder_count).toBe(1);
    const restored = await restore(childEntry.id);
    expect(restored.status).toBe(200);
    expect(restored.body.folder_path.map((step) => step.name)).toEqual([top.name]);
    expect(restored.body.folder_id).not.toBe(top.id);
    expect((await filesIn(child.id)).map((each) => each.id)).toEqual([file.id]);
    // The old parent comes back only somewhere else: its name is taken by the one made again.
    expect((await restore(topEntry.id)).status).toBe(409);
    const target = await folder(unique("Ablage"));
    expect((await restore(topEntry.id, { folder_id: target.id })).status).toBe(200);
  });

  test("a file whose folder was purged meanwhile goes back by its path", async () => {
    const top = await folder(unique("Verlauf"));
    const file = await uploaded("Brief.txt", top.id);
    expect((await remove("files", file.id)).status).toBe(204);
    expect((await remove("folders", top.id)).status).toBe(204);
    expect((await purge((await entryOf("folder", top.id)).id)).status).toBe(204);
    const restored = await restore((await entryOf("file", file.id)).id);
    expect(restored.status).toBe(200);
    expect(restored.body.folder_path.map((step) => step.name)).toEqual([top.name]);
    expect((await filesIn(restored.body.folder_id)).map((each) => each.id)).toEqual([file.id]);
  });

  test("restore and purge at once: exactly one wins, the other is 404, nothing half done", async () => {
    for (let round = 0; round < 5; round++) {
      const top = await folder(unique("Wettlauf"));
      const file = await uploaded("x.txt", top.id);
      expect((await remove("folders", top.id)).status).toBe(204);
      const entry = await entryOf("folder", top.id);
      const [restored, purged] = await Promise.all([restore(entry.id), purge(entry.id)]);
      expect([restored.status, purged.status].sort()).toEqual(restored.status === 200 ? [200, 404] : [204, 404]);
      const [row] = await files.db.sql<
        { count: number }[]
      >`select count(*)::int as count from files where id = ${file.id}`;
      expect(row?.count).toBe(restored.status === 200 ? 1 : 0);
    }
  });

  test("„Endgültig löschen“: rows and blob gone, an erasure-ledger entry, the Protokoll says who", async () => {
    const file = await uploaded(unique("endgültig"));
    const blobId = await files.blobIdOf(file.id);
    expect((await remove("files", file.id)).status).toBe(204);
    const entry = await entryOf("file", file.id);
    expect((await purge(entry.id)).status).toBe(204);
    expect((await purge(entry.id)).status).toBe(404);
    expect(await files.store.sizeOf(blobId)).toBeNull();
    const ledger = await readLedger(files.db.sql);
    const written = ledger.find((each) => each.reason === "trash" && each.blobs.some((blob) => blob.id === blobId));
    expect(written?.rows).toEqual([
      { table: "files", ids: [file.id] },
      { table: "file_deletions", ids: [entry.id] },
    ]);
    expect(written?.addressSha256).toBeNull();
    const [event] = await files.db.sql<{ actor_name: string; changes: Record<string, unknown> }[]>`
      select actor_name, changes from audit_events where action = 'file.purged' and object_id = ${String(file.id)}`;
    expect(event?.actor_name).toBe(admin.user.name);
    expect(event?.changes).toMatchObject({ purge: { before: null, after: "by_hand" } });
  });

  test("the daily purge takes what is older than FILES_TRASH_DAYS, not what is younger", async () => {
    const old = await uploaded(unique("alt"));
    const young = await uploaded(unique("jung"));
    const oldBlob = await files.blobIdOf(old.id);
    expect((await remove("files", old.id)).status).toBe(204);
    expect((await remove("files", young.id)).status).toBe(204);
    const oldEntry = await entryOf("file", old.id);
    await files.db.sql`update file_deletions set deleted_at = now() - interval '31 days' where id = ${oldEntry.id}`;
    const count = await runTrashPurge(files.db.sql, { store: files.store, dataDir: null, days: 30 });
    expect(count).toBeGreaterThanOrEqual(1);
    const left = (await trash()).body.entries.map((each) => each.item_id);
    expect(left).not.toContain(old.id);
    expect(left).toContain(young.id);
    expect(await files.store.sizeOf(oldBlob)).toBeNull();
    const [event] = await files.db.sql<{ actor_kind: string; changes: Record<string, unknown> }[]>`
      select actor_kind, changes from audit_events where action = 'file.purged' and object_id = ${String(old.id)}`;
    expect(event).toMatchObject({ actor_kind: "system", changes: { purge: { after: "due" } } });
  });

  test("a huge deletion: 3 000 files in 60 folders trashed, listed, restored and purged in one step each", async () => {
    const top = await folder(unique("Riesig"));
    await files.db.sql`
      with recursive made as (
        insert into folders (name, parent_id, created_by_name)
        select 'Unterordner ' || n, ${top.id}, 'Test' from generate_series(1, 59) n returning id
      )
      insert into files (folder_id, original_name, mime_type, size, blob_id, uploaded_by, uploader_name)
      select made.id, 'Datei ' || n || '.txt', 'text/plain', 10,
        md5(random()::text || clock_timestamp()::text || n || made.id), null, 'Test'
      from made, generate_series(1, 50) n`;
    expect((await remove("folders", top.id)).status).toBe(204);
    const entry = await entryOf("folder", top.id);
    expect(entry).toMatchObject({ file_count: 2950, folder_count: 60, size: 29_500 });
    expect((await restore(entry.id)).status).toBe(200);
    expect((await foldersIn(top.id)).length).toBe(59);
    expect((await remove("folders", top.id)).status).toBe(204);
    expect((await purge((await entryOf("folder", top.id)).id)).status).toBe(204);
    const [left] = await files.db.sql<{ count: number }[]>`
      select count(*)::int as count from files where original_name like 'Datei %' and uploader_name = 'Test'`;
    expect(left?.count).toBe(0);
  });

  test("a Datenschutz case finds a file in the trash as it finds a live one, and says where it is", async () => {
    const address = `loeschen.${crypto.randomUUID().slice(0, 6)}@example.com`;
    const file = await uploaded(`Vertrag ${address} Müller.pdf`);
    expect((await remove("files", file.id)).status).toBe(204);
    const opened = await openPrivacyCase(files.app, admin, { email: address, kind: "erasure" });
    const detail = await callJson<PrivacyCaseDetail>(files.app, `/api/privacy/cases/${opened.id}`, {
      token: admin.token,
    });
    const hit = detail.body.hits.find((each) => each.kind === "file" && each.id === file.id);
    expect(hit?.label).toBe(`Datei „Vertrag ${address} Müller.pdf“ (im Papierkorb)`);
  });
});
