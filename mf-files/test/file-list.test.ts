import { describe, expect, test } from "bun:test";
import { formatFileSize, type StoredFile } from "@klarwerk/kit";
import { filesPerPage, pageCount, pageOf, searchFiles } from "../src/features/files/file-list";
import { currentFolderId, enterFolder, leaveFolder, truncatePath } from "../src/features/files/folder-path";

function file(id: number, name: string, mime = "text/plain"): StoredFile {
  return {
    id,
    original_name: name,
    mime_type: mime,
    size: 1,
    created_at: "2026-03-05T13:07:00.000Z",
    uploader_name: "Erika",
    folder_id: null,
  };
}

describe("formatFileSize", () => {
  test.each([
    [0, "0 B"],
    [512, "512 B"],
    [1023, "1023 B"],
    [1024, "1,0 KB"],
    [1536, "1,5 KB"],
    [10_240, "10,0 KB"],
    [1024 * 1024 - 1, "1.024,0 KB"],
    [1024 * 1024, "1,00 MB"],
    [2_464_153, "2,35 MB"],
    [1024 ** 3, "1.024,00 MB"],
  ])("%p bytes → %p", (bytes, shown) => {
    expect(formatFileSize(bytes)).toBe(shown);
  });
});

describe("the folder path is a stack", () => {
  const a = { id: 1, name: "A" };
  const b = { id: 2, name: "B" };
  const c = { id: 3, name: "C" };

  test("a click pushes, Zurück pops, a breadcrumb truncates, Root resets", () => {
    const deep = enterFolder(enterFolder(enterFolder([], a), b), c);
    expect(deep).toEqual([a, b, c]);
    expect(currentFolderId(deep)).toBe(3);
    expect(leaveFolder(deep)).toEqual([a, b]);
    expect(truncatePath(deep, 1)).toEqual([a]);
    expect(truncatePath(deep, 0)).toEqual([]);
    expect(currentFolderId([])).toBeNull();
  });

  test("Zurück at the root level stays there; nothing is changed in place", () => {
    expect(leaveFolder([])).toEqual([]);
    const path = [a];
    enterFolder(path, b);
    leaveFolder(path);
    expect(path).toEqual([a]);
  });

  test("only id and name are kept of a folder", () => {
    expect(enterFolder([], { ...a, parent_id: null, created_at: "x" } as typeof a)).toEqual([a]);
  });
});

describe("search and pages", () => {
  const files = [file(1, "Angebot Müller.pdf"), file(2, "MÜLLER Rechnung.txt"), file(3, "logo.png", "image/png")];

  test("search is case-insensitive on the original name, umlauts included", () => {
    expect(searchFiles(files, "müller").map((f) => f.id)).toEqual([1, 2]);
    expect(searchFiles(files, "  LOGO ").map((f) => f.id)).toEqual([3]);
    expect(searchFiles(files, "").map((f) => f.id)).toEqual([1, 2, 3]);
    expect(searchFiles(files, "xyz")).toEqual([]);
  });

  test("ten files a page; a page past the end shows the last one", () => {
    const many = Array.from({ length: 23 }, (_, index) => index + 1);
    expect(filesPerPage).toBe(10);
    expect(pageCount(0)).toBe(1);
    expect(pageCount(10)).toBe(1);
    expect(pageCount(11)).toBe(2);
    expect(pageOf(many, 1)).toEqual({ items: many.slice(0, 10), page: 1, from: 1, to: 10 });
    expect(pageOf(many, 3)).toEqual({ items: [21, 22, 23], page: 3, from: 21, to: 23 });
    expect(pageOf(many, 9).page).toBe(3);
    expect(pageOf([], 1)).toEqual({ items: [], page: 1, from: 0, to: 0 });
  });
});
