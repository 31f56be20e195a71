import { beforeEach, describe, expect, test } from "bun:test";
import {
  type ClientErrorReport,
  type DeployKey,
  type DeployKeyList,
  formatDateTime,
  type Release,
  type ReleasesOverview,
  type RemoteName,
  type RemoteRollout,
  type RolloutAnswer,
  remoteNames,
} from "@klarwerk/kit";
import { startSession } from "@klarwerk/kit/browser";
import { type ApiCall, renderScreen, stubApi } from "@klarwerk/kit/test-support";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { releasesMessages as messages } from "../src/features/releases/messages";
import Releases from "../src/features/releases/Releases";

function release(id: number, version: string, overrides: Partial<Release> = {}): Release {
  const remote = overrides.remote ?? "dashboard";
  return {
    id,
    remote,
    version,
    kind: "uploaded",
    manifest_url: `/remotes/mf-${remote}/releases/${version}/mf-manifest.json`,
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
          id: 10,
          remote: "dashboard",
          version: "v2",
          kind: "load",
          route: "/dashboard",
          message: "TypeError: gefälscht",
          browser: "curl",
          ticketed: false,
          created_at: "2025-03-05T14:05:00.000Z",
        },
        {
          id: 9,
          remote: "dashboard",
          version: "v2",
          kind: "render",
          route: "/dashboard",
          message: "TypeError: kaputt",
          browser: "Chrome 140",
          ticketed: true,
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
    // A report without a valid ticket is listed, marked: it decides nothing about a canary.
    expect(errors.rows.map((row) => row.slice(1))).toEqual([
      ["v2", "/dashboard", "TypeError: gefälscht (ohne gültiges Ticket)", "curl"],
      ["v2", "/dashboard", "TypeError: kaputt", "Chrome 140"],
    ]);

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

// "Auslieferung" against the answers of `GET /api/releases` as the kit types them:
// mf-dashboard with an active release and a canary at 25 %, mf-files with an active release and
// an earlier one, the other remotes without releases. Every button asks first, in a dialog that
// says what visitors will see; only its confirm button sends the change.

const dashboardV0 = release(1, "2026.11.02-1", { created_at: "2026-11-02T10:00:00.000Z" });
const dashboardV1 = release(5, "2026.11.20-1", { note: "Kacheln neu sortiert" });
const dashboardV2 = release(6, "2026.11.24-1", {
  note: "Neue Kacheln",
  released_by: "Ada Admin",
  created_at: "2026-11-24T08:30:00.000Z",
});
const filesOld = release(2, "3.0.0", { remote: "files", kind: "external", released_by: "Ada Admin" });
const filesActive = release(4, "3.1.0", { remote: "files", released_by: "Ada Admin" });

function rollout(remote: RemoteName, state: Partial<RemoteRollout> = {}): RemoteRollout {
  return { remote, active: null, canary: null, canary_share: 0, previous: null, changed_at: null, ...state };
}

const renderError: ClientErrorReport = {
  id: 9,
  remote: "dashboard",
  version: dashboardV2.version,
  kind: "render",
  route: "/dashboard",
  message: "TypeError: tiles is undefined",
  browser: "Firefox 133",
  ticketed: true,
  created_at: "2026-11-24T09:02:00.000Z",
};

const rolloutOverview: ReleasesOverview = {
  remotes: remoteNames.map((remote) => {
    if (remote === "dashboard") {
      return {
        rollout: rollout("dashboard", {
          active: dashboardV1,
          canary: dashboardV2,
          canary_share: 25,
          changed_at: "2026-11-24T08:40:00.000Z",
        }),
        releases: [dashboardV2, dashboardV1, dashboardV0],
        events: [
          {
            id: 12,
            remote: "dashboard",
            action: "canary",
            version: dashboardV2.version,
            share: 25,
            actor: "Ada Admin",
            reason: null,
            created_at: "2026-11-24T08:40:00.000Z",
          },
          {
            id: 11,
            remote: "dashboard",
            action: "release",
            version: dashboardV2.version,
            share: null,
            actor: "Schlüssel „CI Dashboard“",
            reason: null,
            created_at: "2026-11-24T08:30:00.000Z",
          },
        ],
        errors: [
          { release_id: dashboardV2.id, load: 2, render: 1, loads: 40 },
          { release_id: dashboardV1.id, load: 0, render: 0, loads: 120 },
        ],
        recent_errors: [renderError],
      };
    }
    if (remote === "files") {
      return {
        rollout: rollout("files", { active: filesActive, previous: filesOld }),
        releases: [filesActive, filesOld],
        events: [],
        errors: [],
        recent_errors: [],
      };
    }
    return { rollout: rollout(remote), releases: [], events: [], errors: [], recent_errors: [] };
  }),
};

const noKeys: DeployKeyList = { keys: [] };

function stubReleases(): ApiCall[] {
  return stubApi((call) => {
    if (call.path === "/api/deploy-keys") return { json: noKeys };
    if (call.method === "POST") {
      const answer: RolloutAnswer = { rollout: rollout("dashboard") };
      return { json: answer };
    }
    if (call.method === "DELETE") return new Response(null, { status: 204 });
    return { json: rolloutOverview };
  });
}

const changes = (calls: ApiCall[]) => calls.filter((call) => call.method === "POST");

async function remoteSection(remote: string): Promise<HTMLElement> {
  return screen.findByRole("region", { name: remote });
}

/**
 * Focuses `button` as the Tab key would (a native, enabled button in the tab order), presses it,
 * and returns the dialog it opened once the focus is inside it.
 */
async function openWithKeyboard(button: HTMLElement): Promise<HTMLElement> {
  expect(button.tagName).toBe("BUTTON");
  expect(button.getAttribute("tabindex")).not.toBe("-1");
  expect((button as HTMLButtonElement).disabled).toBe(false);
  button.focus();
  expect(document.activeElement).toBe(button);
  fireEvent.click(button);
  const dialog = await screen.findByRole("dialog");
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  return dialog;
}

/** Once the dialog's closing transition is over (compared as a boolean: a failed match would print the page). */
async function dialogClosed(): Promise<void> {
  await waitFor(() => expect(screen.queryByRole("dialog") === null).toBe(true));
}

describe("Auslieferung: the rollout and its buttons", () => {
  test("per remote the active and the canary release with who, when and note, the share, the history and the errors per release", async () => {
    stubReleases();
    renderScreen(<Releases />);
    const dashboard = await remoteSection("mf-dashboard");
    const text = dashboard.textContent ?? "";
    expect(text).toContain(
      `Aktiv: ${dashboardV1.version} – von Schlüssel „CI Dashboard“, ${formatDateTime(dashboardV1.created_at)} – Kacheln neu sortiert`,
    );
    expect(text).toContain(
      `Canary: ${dashboardV2.version} (25 % der Besucherinnen und Besucher) – von Ada Admin, ${formatDateTime(dashboardV2.created_at)} – Neue Kacheln`,
    );

    // The errors per release: loads that failed / renders that failed, in the last 24 hours.
    expect(tableOf(messages.releasesLabel("mf-dashboard")).rows).toEqual([
      [
        `${dashboardV2.version} Canary`,
        "Hochgeladen",
        "Ada Admin",
        formatDateTime(dashboardV2.created_at),
        "Neue Kacheln",
        "2 / 1",
        "Aktivieren",
      ],
      [
        `${dashboardV1.version} Aktiv`,
        "Hochgeladen",
        "Schlüssel „CI Dashboard“",
        formatDateTime(dashboardV1.created_at),
        "Kacheln neu sortiert",
        "0 / 0",
        "",
      ],
      [
        `${dashboardV0.version} `,
        "Hochgeladen",
        "Schlüssel „CI Dashboard“",
        formatDateTime(dashboardV0.created_at),
        "",
        "0 / 0",
        "ZurückrollenLöschen",
      ],
    ]);

    const history = within(dashboard)
      .getAllByRole("listitem")
      .map((item) => item.textContent);
    expect(history).toEqual([
      `${formatDateTime("2026-11-24T08:40:00.000Z")}: Canary gestartet ${dashboardV2.version} (25 %) – Ada Admin`,
      `${formatDateTime("2026-11-24T08:30:00.000Z")}: Release gespeichert ${dashboardV2.version} – Schlüssel „CI Dashboard“`,
    ]);

    expect(tableOf(messages.errorsTitle).rows).toEqual([
      [
        formatDateTime(renderError.created_at),
        dashboardV2.version,
        "/dashboard",
        "TypeError: tiles is undefined",
        "Firefox 133",
      ],
    ]);

    const files = await remoteSection("mf-files");
    expect(files.textContent).toContain(`Aktiv: ${filesActive.version}`);
    expect(files.textContent).toContain(messages.noCanary);
    expect(files.textContent).toContain(messages.noErrors);
    expect((await remoteSection("mf-invoices")).textContent).toContain(messages.noRelease);
  });

  test("„Übernehmen“ asks what everyone will get; „Abbrechen“ sends nothing, the confirm button promotes", async () => {
    const calls = stubReleases();
    renderScreen(<Releases />);
    const dashboard = await remoteSection("mf-dashboard");
    const promote = within(dashboard).getByRole("button", { name: "Übernehmen" });

    let dialog = await openWithKeyboard(promote);
    expect(within(dialog).getByText(`Übernehmen: mf-dashboard`)).toBeDefined();
    expect(dialog.textContent).toContain(
      `Alle Besucherinnen und Besucher erhalten ab ihrem nächsten Seitenaufruf Version ${dashboardV2.version} statt ${dashboardV1.version}.`,
    );
    fireEvent.click(within(dialog).getByRole("button", { name: "Abbrechen" }));
    await dialogClosed();
    expect(changes(calls)).toEqual([]);

    dialog = await openWithKeyboard(promote);
    fireEvent.click(within(dialog).getByRole("button", { name: "Übernehmen" }));
    await waitFor(() =>
      expect(changes(calls).map((call) => call.path)).toEqual(["/api/releases/mf-dashboard/promote"]),
    );
  });

  test("„Canary stoppen“ says who goes back to which version; Escape closes it without a change", async () => {
    const calls = stubReleases();
    renderScreen(<Releases />);
    const dashboard = await remoteSection("mf-dashboard");
    const dialog = await openWithKeyboard(within(dashboard).getByRole("button", { name: "Canary stoppen" }));
    expect(dialog.textContent).toContain(
      `Alle Besucherinnen und Besucher erhalten ab ihrem nächsten Seitenaufruf wieder Version ${dashboardV1.version}; wer ${dashboardV2.version} hatte, wechselt zurück.`,
    );
    fireEvent.keyDown(document.activeElement ?? dialog, { key: "Escape" });
    await dialogClosed();
    expect(changes(calls)).toEqual([]);
  });

  test("„Zurückrollen“ on an earlier release says everyone gets it back instead of the active one, and sends its version", async () => {
    const calls = stubReleases();
    renderScreen(<Releases />);
    const files = await remoteSection("mf-files");
    const dialog = await openWithKeyboard(within(files).getByRole("button", { name: "Zurückrollen" }));
    expect(within(dialog).getByText("Zurückrollen: mf-files")).toBeDefined();
    expect(dialog.textContent).toContain(
      `Alle Besucherinnen und Besucher erhalten ab ihrem nächsten Seitenaufruf wieder Version ${filesOld.version} statt ${filesActive.version}.`,
    );
    fireEvent.click(within(dialog).getByRole("button", { name: "Zurückrollen" }));
    await waitFor(() => expect(changes(calls)).toHaveLength(1));
    expect(changes(calls)[0]).toMatchObject({
      path: "/api/releases/mf-files/activate",
      body: { version: filesOld.version },
    });
  });

  test("„Canary starten“ asks for the release and the share and says what that share of visitors will get", async () => {
    const calls = stubReleases();
    renderScreen(<Releases />);
    const files = await remoteSection("mf-files");
    const dialog = await openWithKeyboard(within(files).getByRole("button", { name: "Canary starten" }));
    expect(within(dialog).getByText("Canary starten: mf-files")).toBeDefined();
    expect((within(dialog).getByLabelText(messages.canaryVersion) as HTMLSelectElement).value).toBe(filesOld.version);
    const share = within(dialog).getByLabelText(messages.canaryShare);
    const start = within(dialog).getByRole("button", { name: "Canary starten" }) as HTMLButtonElement;
    // 1 to 100 %: outside, no promise of what visitors see and no button to start it.
    for (const [value, valid] of [
      ["0", false],
      ["1", true],
      ["100", true],
      ["101", false],
    ] as const) {
      fireEvent.change(share, { target: { value } });
      await waitFor(() => expect({ value, disabled: start.disabled }).toEqual({ value, disabled: !valid }));
      expect((dialog.textContent ?? "").includes("erhalten ab ihrem nächsten Seitenaufruf")).toBe(valid);
    }
    fireEvent.change(share, { target: { value: "30" } });
    await waitFor(() =>
      expect(dialog.textContent).toContain(
        `30 % der Besucherinnen und Besucher erhalten ab ihrem nächsten Seitenaufruf Version ${filesOld.version}, alle anderen weiter Version ${filesActive.version}. Jede Person bleibt bei ihrer Version.`,
      ),
    );
    expect(changes(calls)).toEqual([]);
    fireEvent.click(start);
    await waitFor(() => expect(changes(calls)).toHaveLength(1));
    expect(changes(calls)[0]).toMatchObject({
      path: "/api/releases/mf-files/canary",
      body: { version: filesOld.version, share: 30 },
    });
  });

  test("„Aktivieren“ on the canary's row says everyone gets that version and the canary ends", async () => {
    stubReleases();
    renderScreen(<Releases />);
    const dashboard = await remoteSection("mf-dashboard");
    const dialog = await openWithKeyboard(within(dashboard).getByRole("button", { name: "Aktivieren" }));
    expect(within(dialog).getByText("Aktivieren: mf-dashboard")).toBeDefined();
    expect(dialog.textContent).toContain(
      `Alle Besucherinnen und Besucher erhalten ab ihrem nächsten Seitenaufruf Version ${dashboardV2.version} statt ${dashboardV1.version}; der Canary endet damit.`,
    );
  });

  test("„Zurückrollen“ while a canary runs says its share keeps the canary", async () => {
    stubReleases();
    renderScreen(<Releases />);
    const dashboard = await remoteSection("mf-dashboard");
    const dialog = await openWithKeyboard(within(dashboard).getByRole("button", { name: "Zurückrollen" }));
    expect(dialog.textContent).toContain(
      `Alle Besucherinnen und Besucher außer den 25 % im Canary erhalten ab ihrem nächsten Seitenaufruf wieder Version ${dashboardV0.version} statt ${dashboardV1.version}; der Canary mit Version ${dashboardV2.version} läuft weiter.`,
    );
  });

  test("„Löschen“ is offered only for a release no visitor gets; it asks first and sends the delete on confirm", async () => {
    const calls = stubReleases();
    renderScreen(<Releases />);
    const dashboard = await remoteSection("mf-dashboard");
    // Active, canary (mf-dashboard) and the one to roll back to (mf-files) stay.
    expect(
      within(dashboard)
        .getAllByRole("button", { name: /^Löschen/ })
        .map((button) => button.textContent),
    ).toEqual(["Löschen"]);
    const files = await remoteSection("mf-files");
    expect(within(files).queryByRole("button", { name: /^Löschen/ })).toBeNull();

    const remove = within(dashboard).getByRole("button", { name: `Löschen: Release ${dashboardV0.version}` });
    let dialog = await openWithKeyboard(remove);
    expect(within(dialog).getByText(`Release ${dashboardV0.version} von mf-dashboard löschen?`)).toBeDefined();
    expect(dialog.textContent).toContain(
      `Release ${dashboardV0.version} und seine Dateien werden gelöscht; niemand kann sie danach mehr abrufen. Das lässt sich nicht rückgängig machen.`,
    );
    fireEvent.click(within(dialog).getByRole("button", { name: "Abbrechen" }));
    await dialogClosed();
    expect(calls.filter((call) => call.method === "DELETE")).toEqual([]);

    dialog = await openWithKeyboard(remove);
    fireEvent.click(within(dialog).getByRole("button", { name: "Löschen" }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === "DELETE").map((call) => call.path)).toEqual([
        `/api/releases/mf-dashboard/${dashboardV0.version}`,
      ]),
    );
  });
});
