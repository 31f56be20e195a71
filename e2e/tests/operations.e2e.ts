import postgres from "postgres";
import { expectNoAxeViolations } from "../support/axe";
import { expect, test } from "../support/test";
import { registeredUser, signInQuickly, testOwner } from "../support/users";

// The dashboard's "Betrieb" block: admins read the last check of the stored files, the last backup
// and the last tested restore there; staff see nothing of it (the API gives them no details).

// One after the other, in this order: the first records a backup „now“, and the second moves the
// recorded backups back past „Jetzt sichern“'s ten minutes before it clicks. Run side by side (as
// CI's workers once did), the first's row could come after the move, and the click was refused.
test.describe.configure({ mode: "serial" });

test("admins see the last blob check and its findings by name; staff see no Betrieb block", async ({
  page,
  request,
  browser,
}) => {
  const databaseUrl = process.env.E2E_DATABASE_URL;
  if (databaseUrl) {
    // A check that found a missing file and an orphan, as `bun run verify-blobs` records it.
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    try {
      const problems = [
        {
          kind: "missing",
          area: "files",
          blob_id: "0123456789abcdef0123456789abcdef",
          row_id: 4711,
          name: "Angebot Müller.pdf",
          expected: { size: 1200, sha256: null },
          found: null,
        },
        {
          kind: "orphaned",
          area: "files",
          blob_id: "fedcba9876543210fedcba9876543210",
          row_id: null,
          name: null,
          expected: null,
          found: { size: 8, sha256: null },
        },
      ];
      await sql`
        insert into blob_scrubs (started_at, finished_at, blob_store, checked, bytes_read, without_checksum, missing,
                                 changed, orphaned, problems)
        values (now(), now(), 'disk', 1234, 5678, 0, 1, 0, 1, ${sql.json(problems)})`;
      // The last backup went well, the drill after it failed (as `backup_runs` records them).
      await sql`
        insert into backup_runs (kind, started_at, finished_at, result, set_name, size_bytes, duration_ms)
        values ('backup', now(), now(), 'ok', '2026-03-01T02-30-00Z', 3145728, 12400)`;
      await sql`
        insert into backup_runs (kind, started_at, finished_at, result, error, set_name, duration_ms)
        values ('drill', now(), now(), 'failed', 'files #7 "Vertrag.pdf" is altered in the set', null, 2500)`;
    } finally {
      await sql.end();
    }
  }

  await signInQuickly(page, request, testOwner);
  await page.goto("/dashboard");
  const block = page.getByRole("region", { name: "Betrieb" });
  await expect(block).toContainText("Speicherprüfung");
  await expect(block).toContainText("Letzte Sicherung");
  await expect(block).toContainText("Letzte geprüfte Wiederherstellung");
  if (databaseUrl) {
    await expect(block).toContainText(/Am .+, Dauer 12,4 s: erfolgreich\.\s*Stand 2026-03-01T02-30-00Z, 3(,00)? MB\./);
    await expect(block).toContainText(
      /Am .+, Dauer 2,5 s: fehlgeschlagen\.\s*files #7 "Vertrag\.pdf" is altered in the set/,
    );
    await expect(block).toContainText(/Zuletzt am .+: 1\.234 Dateien geprüft\. 2 Probleme gefunden:/);
    await expect(block.getByRole("listitem")).toHaveText([
      "Angebot Müller.pdf (Datei 4711) fehlt",
      "Speicherobjekt fedcba98… ohne Eintrag",
    ]);
  } else {
    await expect(block).toContainText(/Noch nicht gelaufen|Zuletzt am/);
  }
  await expectNoAxeViolations(page);

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInQuickly(staff, staffContext.request, await registeredUser(staffContext.request, "Theo Team"));
  await staff.goto("/dashboard");
  await expect(staff.getByRole("heading", { name: "Offene Anfragen" })).toBeVisible();
  await expect(staff.getByRole("region", { name: "Betrieb" })).toHaveCount(0);
  await staffContext.close();
});

test("„Jetzt sichern“ shows the new backup on its card without a reload", async ({ page, request }) => {
  const databaseUrl = process.env.E2E_DATABASE_URL;
  if (databaseUrl) {
    // „Jetzt sichern“ runs at most once in 10 minutes, counted from the newest backup outside the
    // schedule: the runs the first test recorded move back beyond that.
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    try {
      await sql`
        update backup_runs set started_at = started_at - interval '11 minutes',
          finished_at = finished_at - interval '11 minutes'
        where kind = 'backup' and result <> 'running'`;
    } finally {
      await sql.end();
    }
  }
  await signInQuickly(page, request, testOwner);
  await page.goto("/dashboard");
  const block = page.getByRole("region", { name: "Betrieb" });
  await expect(block).toContainText("Letzte Sicherung");
  const shownSet = async () => (await block.textContent())?.match(/Stand (\S+),/)?.[1] ?? null;
  const before = await shownSet();

  await block.getByRole("button", { name: "Jetzt sichern" }).click();
  await expect(
    page.getByText("Die Sicherung läuft. Ihr Ergebnis erscheint hier, sobald sie fertig ist."),
  ).toBeVisible();
  // The card asks again while the backup runs: the new set appears on the same page, then a toast.
  await expect.poll(shownSet, { timeout: 90_000 }).not.toBe(before);
  await expect(block).toContainText(/Dauer [\d,]+ s: erfolgreich\./);
  await expect(page.getByText("Die Sicherung ist fertig")).toBeVisible();
  await expect(block.getByRole("button", { name: "Jetzt sichern" })).toBeEnabled();
  await expectNoAxeViolations(page);
});
