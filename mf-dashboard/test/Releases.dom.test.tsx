import { beforeEach, describe, expect, test } from "bun:test";
import type { DeployKey, Release, ReleasesOverview } from "@klarwerk/kit";
import { startSession } from "@klarwerk/kit/browser";
import { renderScreen, stubApi } from "@klarwerk/kit/test-support";
import { screen, within } from "@testing-library/react";
import Releases from "../src/routes/Releases";

function release(id: number, version: string, overrides: Partial<Release> = {}): Release {
  return {
    id,
    remote: "dashboard",
    version,
    kind: "uploaded",
    manifest_url: `/remotes/mf-dashboard/releases/${version}/mf-manifest.json`,
    kit_surface: "1.0.0-s00000000",
    note: "",
    released_by: "Schlüssel „CI Dashboard“",
    created_at: "2025-03-05T13:07:00.000Z",
    size_bytes: 1000,
    ...overrides,
  };
}

const v1 = release(1, "v1", { note: "Erste" });
const v2 = release(2, "v2", { kind: "external" });

const overview: ReleasesOverview = {
  remotes: [
    {
      rollout: { remote: "dashboard", active: v2, canary: null, canary_share: 0, previous: v1, changed_at: null },
      releases: [v2, v1],
      events: [],
      errors: [{ release_id: 2, load: 3, render: 1, loads: 40 }],
      recent_errors: [
        {
          id: 9,
          remote: "dashboard",
          version: "v2",
          kind: "render",
          route: "/dashboard",
          message: "TypeError: kaputt",
          browser: "Chrome 140",
          created_at: "2025-03-05T14:00:00.000Z",
        },
      ],
    },
    {
      rollout: { remote: "files", active: null, canary: null, canary_share: 0, previous: null, changed_at: null },
      releases: [],
      events: [],
      errors: [],
      recent_errors: [],
    },
  ],
};

const keys: DeployKey[] = [
  {
    id: 1,
    remote: "dashboard",
    name: "CI Dashboard",
    hint: "kwdk_ab",
    created_at: "2025-03-01T09:00:00.000Z",
    last_used_at: null,
    revoked_at: null,
  },
  {
    id: 2,
    remote: "files",
    name: "Alt",
    hint: "kwdk_cd",
    created_at: "2025-02-01T09:00:00.000Z",
    last_used_at: "2025-02-02T09:00:00.000Z",
    revoked_at: "2025-02-03T09:00:00.000Z",
  },
];

/** Each table's column headers and its rows' cells, as a screen reader walks them. */
function tableOf(name: string): { columns: string[]; rows: string[][] } {
  const table = screen.getByRole("table", { name });
  const [head, ...rows] = within(table).getAllByRole("row");
  return {
    columns: within(head as HTMLElement)
      .getAllByRole("columnheader")
      .map((cell) => cell.textContent ?? ""),
    rows: rows.map((row) =>
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent ?? ""),
    ),
  };
}

beforeEach(() => {
  startSession({ id: 1, name: "Ada Admin", email: "ada@klarwerk.test", role: "admin" }, "token-admin");
});

describe("Auslieferung", () => {
  test("a remote's releases and errors, and the deploy keys, each a named table with its columns", async () => {
    stubApi((call) => (call.path === "/api/deploy-keys" ? { json: { keys } } : { json: overview }));
    renderScreen(<Releases />);
    await screen.findByRole("table", { name: "Schlüssel für die Auslieferung" });

    const releases = tableOf("Releases von mf-dashboard, die neuesten zuerst");
    expect(releases.columns).toEqual([
      "Version",
      "Art",
      "Ausgeliefert von",
      "Am",
      "Notiz",
      "Fehler (Laden / Anzeige, 24 h)",
      "Aktionen",
    ]);
    expect(releases.rows.map((row) => [row[0], row[1], row[4], row[5], row[6]])).toEqual([
      ["v2 Aktiv", "Extern", "", "3 / 1", ""],
      ["v1 ", "Hochgeladen", "Erste", "0 / 0", "Zurückrollen"],
    ]);

    const errors = tableOf("Fehler der letzten 24 Stunden");
    expect(errors.columns).toEqual(["Am", "Version", "Seite", "Meldung", "Browser"]);
    expect(errors.rows.map((row) => row.slice(1))).toEqual([["v2", "/dashboard", "TypeError: kaputt", "Chrome 140"]]);

    // A remote without releases has neither table.
    expect(screen.queryByRole("table", { name: "Releases von mf-files, die neuesten zuerst" })).toBeNull();
    expect(screen.getAllByRole("table", { name: "Fehler der letzten 24 Stunden" })).toHaveLength(1);

    const deployKeys = tableOf("Schlüssel für die Auslieferung");
    expect(deployKeys.columns).toEqual([
      "Name des Schlüssels",
      "Bereich",
      "Anfang",
      "Angelegt",
      "Zuletzt benutzt",
      "Status",
      "Aktionen",
    ]);
    expect(deployKeys.rows.map((row) => [row[0], row[1], row[2], row[4], row[6]])).toEqual([
      ["CI Dashboard", "mf-dashboard", "kwdk_ab…", "Nie", "Widerrufen"],
      ["Alt", "mf-files", "kwdk_cd…", expect.any(String), ""],
    ]);
    expect(deployKeys.rows[1]?.[5]).toStartWith("Widerrufen ");
  });

  test("without errors or keys, the texts that say so instead of empty tables", async () => {
    const quiet = { remotes: [{ ...overview.remotes[0], recent_errors: [] }] } as ReleasesOverview;
    stubApi((call) => (call.path === "/api/deploy-keys" ? { json: { keys: [] } } : { json: quiet }));
    renderScreen(<Releases />);
    expect(await screen.findByText("Noch keine Schlüssel.")).toBeDefined();
    expect(screen.getByText("Keine gemeldeten Fehler in den letzten 24 Stunden.")).toBeDefined();
    expect(screen.queryByRole("table", { name: "Schlüssel für die Auslieferung" })).toBeNull();
    expect(screen.queryByRole("table", { name: "Fehler der letzten 24 Stunden" })).toBeNull();
    expect(screen.getByRole("table", { name: "Releases von mf-dashboard, die neuesten zuerst" })).toBeDefined();
  });
});
