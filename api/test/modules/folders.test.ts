import { describe, expect, test } from "bun:test";
import type { Folder } from "@klarwerk/kit";
import { startAppTest } from "../support/app.ts";
import { callJson } from "../support/http.ts";
import { registerAndLogin } from "../support/users.ts";

const { app } = await startAppTest();
const { token } = await registerAndLogin(app);

/** Folder names unique to one test: the root level is shared by every test in this file. */
function uniqueName(prefix = "Ordner"): string {
  return `${prefix} ${crypto.randomUUID().slice(0, 8)}`;
}

function createFolder(json: unknown) {
  return callJson(app, "/api/folders", { json, token });
}

/** Creates a folder that must be created, and returns it. */
async function created(json: unknown): Promise<Folder> {
  const answer = await createFolder(json);
  expect(answer.status).toBe(201);
  return answer.body.folder as Folder;
}

function newFolder(parentId: number | null = null): Promise<Folder> {
  return created({ name: uniqueName(), parent_id: parentId });
}

function listFolders(query = "") {
  return callJson(app, `/api/folders${query}`, { token });
}

async function folderList(query = ""): Promise<Folder[]> {
  const answer = await listFolders(query);
  expect(answer.status).toBe(200);
  return answer.body.folders as Folder[];
}

describe("POST /api/folders", () => {
  test("creates a folder at the root level: 201 with the folder, its name trimmed", async () => {
    const name = uniqueName("Projekte");
    const folder = await created({ name: `  ${name}  `, parent_id: null });
    expect(folder).toEqual({ id: expect.any(Number), name, parent_id: null, created_at: expect.any(String) });
    expect(Number.isNaN(Date.parse(folder.created_at))).toBe(false);
  });

  test("parent_id may be omitted for the root level", async () => {
    expect((await created({ name: uniqueName() })).parent_id).toBeNull();
  });

  test("creates a folder inside another", async () => {
    const parent = await newFolder();
    const child = await newFolder(parent.id);
    expect(child.parent_id).toBe(parent.id);
    const grandchild = await newFolder(child.id);
    expect(grandchild.parent_id).toBe(child.id);
  });

  test.each([
    ["blank", { name: "   " }, "Bitte geben Sie einen Ordnernamen ein."],
    ["empty", { name: "" }, "Bitte geben Sie einen Ordnernamen ein."],
    ["missing", {}, "Bitte geben Sie einen Ordnernamen ein."],
    ["not a string", { name: 42 }, "Bitte geben Sie einen Ordnernamen ein."],
    ["too long", { name: "a".repeat(256) }, "Der Ordnername darf höchstens 255 Zeichen lang sein."],
    ["with a line break", { name: "Zeile\nZwei" }, "Der Ordnername darf keine Steuerzeichen enthalten."],
    ["with a parent that is text", { name: "x", parent_id: "abc" }, "Der übergeordnete Ordner ist ungültig."],
    ["with a negative parent", { name: "x", parent_id: -1 }, "Der übergeordnete Ordner ist ungültig."],
    ["with a fractional parent", { name: "x", parent_id: 1.5 }, "Der übergeordnete Ordner ist ungültig."],
    [
      "with a parent past the safe integers",
      { name: "x", parent_id: 2 ** 53 },
      "Der übergeordnete Ordner ist ungültig.",
    ],
    ["blank, with a bad parent: the name first", { name: " ", parent_id: 0 }, "Bitte geben Sie einen Ordnernamen ein."],
  ])("a name %s → 422", async (_, json, message) => {
    const answer = await createFolder(json);
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ code: "validation", message });
  });

  test("255 characters are allowed, counted as characters (umlauts and emoji are one each)", async () => {
    const name = `${crypto.randomUUID().slice(0, 8)}${"ä".repeat(246)}😀`;
    expect([...name].length).toBe(255);
    expect((await created({ name })).name).toBe(name);
  });

  test("a parent that does not exist → 404", async () => {
    const answer = await createFolder({ name: uniqueName(), parent_id: 987654321 });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({
      code: "parent-folder-not-found",
      message: "Der übergeordnete Ordner existiert nicht.",
    });
  });

  test("names are unique within their parent regardless of case (409), not across parents", async () => {
    const parent = await newFolder();
    const name = uniqueName("Rechnungen");
    expect((await createFolder({ name, parent_id: parent.id })).status).toBe(201);
    for (const again of [name, name.toUpperCase(), ` ${name.toLowerCase()} `]) {
      const answer = await createFolder({ name: again, parent_id: parent.id });
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({
        code: "folder-name-taken",
        message: "In diesem Ordner gibt es bereits einen Ordner mit diesem Namen.",
      });
    }
    // The same name at the root level and in another folder is fine.
    expect((await createFolder({ name, parent_id: null })).status).toBe(201);
    expect((await createFolder({ name, parent_id: (await newFolder()).id })).status).toBe(201);
    // And the root level is one parent too.
    expect((await createFolder({ name, parent_id: null })).status).toBe(409);
  });

  test("an umlaut typed as one character or as letter plus accent is the same name", async () => {
    const parent = await newFolder();
    const composed = await createFolder({ name: "Präsentation", parent_id: parent.id });
    expect(composed.status).toBe(201);
    const decomposed = await createFolder({ name: "Pra\u0308sentation", parent_id: parent.id });
    expect(decomposed.status).toBe(409);
  });

  test("two creations of one name at once: one 201, one 409", async () => {
    const parent = await newFolder();
    const name = uniqueName();
    const answers = await Promise.all([
      createFolder({ name, parent_id: parent.id }),
      createFolder({ name, parent_id: parent.id }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
  });

  test("without a token → 401", async () => {
    const answer = await callJson(app, "/api/folders", { json: { name: uniqueName() } });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ code: "unauthorized", message: "Bitte melden Sie sich an." });
  });
});

describe("GET /api/folders", () => {
  test("lists the folders of one level by name, each with its fields", async () => {
    const parent = await newFolder();
    const [beta, alpha] = [
      await created({ name: "beta", parent_id: parent.id }),
      await created({ name: "Alpha", parent_id: parent.id }),
    ];
    await created({ name: "gamma", parent_id: parent.id });
    // One level deeper: not part of the parent's list.
    await created({ name: "tief", parent_id: beta.id });

    const folders = await folderList(`?parent_id=${parent.id}`);
    expect(folders.map((folder) => folder.name)).toEqual(["Alpha", "beta", "gamma"]);
    expect(folders[0]).toEqual({
      id: alpha.id,
      name: "Alpha",
      parent_id: parent.id,
      created_at: expect.any(String),
    });
  });

  test("without parent_id (or with an empty one) lists the root level only", async () => {
    const root = await newFolder();
    const child = await newFolder(root.id);
    for (const query of ["", "?parent_id="]) {
      const folders = await folderList(query);
      const ids = folders.map((folder) => folder.id);
      expect(ids).toContain(root.id);
      expect(ids).not.toContain(child.id);
      expect(folders.every((folder) => folder.parent_id === null)).toBe(true);
    }
  });

  test("an empty folder lists nothing", async () => {
    const empty = await newFolder();
    expect((await listFolders(`?parent_id=${empty.id}`)).body).toEqual({ folders: [] });
  });

  test("a folder that does not exist → 404", async () => {
    const answer = await listFolders("?parent_id=987654321");
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ code: "folder-not-found", message: "Diesen Ordner gibt es nicht." });
  });

  test.each(["abc", "-1", "0", "1.5", "../etc/passwd", "99999999999999999999"])("parent_id=%p → 400", async (value) => {
    const answer = await listFolders(`?parent_id=${encodeURIComponent(value)}`);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code: "invalid-id", message: "Die Ordnernummer ist ungültig." });
  });

  test("without a token → 401", async () => {
    expect((await callJson(app, "/api/folders")).status).toBe(401);
  });
});
