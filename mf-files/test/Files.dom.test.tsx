import { describe, expect, test } from "bun:test";
import type { StoredFile } from "@klarwerk/kit";
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
});
