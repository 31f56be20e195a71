import { describe, expect, test } from "bun:test";
import type { StoredFile, TrashEntry } from "@klarwerk/kit";
import { renderScreen, signIn, stubApi } from "@klarwerk/kit/test-support";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import Files from "../src/features/files/Files";

function file(id: number, name: string, folderId: number | null): StoredFile {
  return {
    id,
    original_name: name,
    mime_type: "text/plain",
    size: 10,
    created_at: "2026-03-01T10:00:00.000Z",
    uploader_name: "Erika Muster",
    folder_id: folderId,
  };
}

const rootFiles = Array.from({ length: 12 }, (_, index) => file(index + 1, `bericht-${index + 1}.txt`, null));
const fileRows = () => screen.getAllByRole("row").slice(1);

describe("Dateien", () => {
  test("pages and searches a folder's files without asking the server again; another folder loads as its own list", async () => {
    signIn();
    const calls = stubApi((call) => {
      // „Meine Freigaben“ below the files: none yet.
      if (call.path === "/api/share-links") return { json: { links: [], all: false } };
      if (call.path === "/api/trash") return { json: { entries: [], more: false, all: false, days: 30 } };
      if (call.path === "/api/folders") {
        return call.query.get("parent_id")
          ? { json: { folders: [] } }
          : {
              json: { folders: [{ id: 5, name: "Verträge", parent_id: null, created_at: "2026-03-01T10:00:00.000Z" }] },
            };
      }
      const folder = call.query.get("folder_id");
      // The folder's files are held back, so what the screen shows meanwhile can be read.
      if (folder === "5") return new Promise(() => {});
      return { json: { files: rootFiles, max_upload_bytes: 1024 } };
    });
    renderScreen(<Files />);
    expect(await screen.findByText("1–10 von 12 Dateien")).toBeDefined();
    expect(fileRows()).toHaveLength(10);

    const pager = screen.getByRole("navigation", { name: "Seiten der Dateiliste" });
    fireEvent.click(within(pager).getByRole("button", { name: "Seite 2" }));
    expect(screen.getByText("11–12 von 12 Dateien")).toBeDefined();

    // Searching starts again on page 1.
    fireEvent.change(screen.getByRole("searchbox", { name: "Dateien durchsuchen" }), {
      target: { value: "BERICHT-1" },
    });
    await waitFor(() => expect(screen.getByText("1–4 von 4 Dateien")).toBeDefined());
    fireEvent.change(screen.getByRole("searchbox", { name: "Dateien durchsuchen" }), { target: { value: "nichts" } });
    expect(await screen.findByText("Keine Dateien gefunden.")).toBeDefined();
    expect(calls.filter((call) => call.path === "/api/files")).toHaveLength(1);

    // A folder is a list of its own: while it loads, none of the last folder's files stay.
    fireEvent.change(screen.getByRole("searchbox", { name: "Dateien durchsuchen" }), { target: { value: "" } });
    fireEvent.click(await screen.findByRole("button", { name: "Ordner „Verträge“ öffnen" }));
    expect(await screen.findByText("Dateien werden geladen …")).toBeDefined();
    expect(screen.queryByText("bericht-1.txt")).toBeNull();
  });

  test("the Papierkorb: where each deletion was, who, when and until when; staff restore, only admins purge", async () => {
    const entry: TrashEntry = {
      id: 7,
      kind: "folder",
      item_id: 42,
      name: "Projekt Berg",
      original_path: [{ id: 3, name: "Kunden" }],
      deleted_by_name: "Sina Staff",
      deleted_at: "2026-03-02T09:30:00.000Z",
      purge_at: "2026-04-01T09:30:00.000Z",
      file_count: 2,
      folder_count: 2,
      size: 2048,
    };
    for (const all of [false, true]) {
      signIn();
      const calls = stubApi((call) => {
        if (call.path === "/api/share-links") return { json: { links: [], all } };
        if (call.path === "/api/trash") return { json: { entries: [entry], more: false, all, days: 30 } };
        if (call.path === "/api/trash/7/restore") {
          return { json: { kind: "folder", item_id: 42, folder_id: 3, folder_path: [{ id: 3, name: "Kunden" }] } };
        }
        if (call.path === "/api/folders") return { json: { folders: [] } };
        return { json: { files: [], max_upload_bytes: 1024 } };
      });
      const view = renderScreen(<Files />);
      const trash = await screen.findByRole("region", { name: "Papierkorb" });
      expect(within(trash).getByText("Projekt Berg")).toBeDefined();
      expect(within(trash).getByText("Dateien / Kunden")).toBeDefined();
      expect(within(trash).getByText("Sina Staff")).toBeDefined();
      expect(within(trash).getByText("Ordner mit 1 Unterordner, 2 Dateien · 2,0 KB")).toBeDefined();
      expect(within(trash).queryByRole("button", { name: "„Projekt Berg“ endgültig löschen" }) !== null).toBe(all);
      fireEvent.click(within(trash).getByRole("button", { name: "„Projekt Berg“ wiederherstellen" }));
      await waitFor(() => expect(calls.some((call) => call.path === "/api/trash/7/restore")).toBe(true));
      view.unmount();
    }
  });
});
