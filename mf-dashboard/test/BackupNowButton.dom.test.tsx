import { afterEach, describe, expect, test } from "bun:test";
import { Notifications, notifications } from "@klarwerk/kit/notifications";
import { renderScreen, signIn, stubApi } from "@klarwerk/kit/test-support";
import { fireEvent, screen } from "@testing-library/react";
import { BackupNowButton } from "../src/features/dashboard/components/BackupNowButton";

afterEach(() => notifications.clean());

/** „Jetzt sichern“ against a server that answers `refusal`; what the notification says. */
async function pressRefused(refusal: { status: number; json: unknown }): Promise<string> {
  signIn();
  stubApi((call) => (call.method === "POST" ? refusal : { json: {} }));
  renderScreen(
    <>
      <Notifications />
      <BackupNowButton running={null} lastBackup={null} />
    </>,
  );
  fireEvent.click(screen.getByRole("button", { name: "Jetzt sichern" }));
  const title = await screen.findByText("Die Sicherung wurde nicht begonnen", undefined, { timeout: 5000 });
  return title.closest(".mantine-Notification-root")?.textContent ?? "";
}

describe("„Jetzt sichern“ refused (issue 45: at most once in 10 minutes, and only with room for the set)", () => {
  test("a 429 shows the server's German message with the time it may run again", async () => {
    const message =
      "„Jetzt sichern“ ist höchstens einmal in 10 Minuten möglich. Die nächste Sicherung auf Anfrage ist ab 02.03.2026, 14:33 Uhr möglich.";
    expect(await pressRefused({ status: 429, json: { code: "backup-too-soon", message } })).toContain(message);
  });

  test("a 507 shows how much is free and needed", async () => {
    const message =
      "Zu wenig freier Speicher für eine Sicherung: frei sind 40,00 MB, nötig sind mindestens 96,00 MB (das Doppelte der letzten Sicherung). Bitte zuerst Platz im Sicherungsordner schaffen.";
    expect(await pressRefused({ status: 507, json: { code: "backup-no-space", message } })).toContain(message);
  });
});
