import { describe, expect, test } from "bun:test";
import { renderScreen, stubApi } from "@klarwerk/kit/test-support";
import { fireEvent, screen } from "@testing-library/react";
import Outbox from "../src/features/outbox/Outbox";

describe("Postausgang", () => {
  test("loading, then a failure with a retry; the retry shows the (empty) list and the missing SMTP setting", async () => {
    let failing = true;
    const calls = stubApi(() =>
      failing
        ? { status: 500, json: { code: "internal", message: "Interner Serverfehler." } }
        : { json: { mails: [], mail_configured: false } },
    );
    renderScreen(<Outbox />);
    expect(screen.getByRole("status").textContent).toBe("Lade Postausgang...");
    expect((await screen.findByRole("alert")).textContent).toBe("Fehler beim Laden des Postausgangs");
    expect(screen.queryByText("Noch keine E-Mails.")).toBeNull();

    failing = false;
    fireEvent.click(screen.getByRole("button", { name: "Erneut versuchen" }));
    expect(await screen.findByText("Noch keine E-Mails.")).toBeDefined();
    expect(screen.getByText("E-Mail ist nicht eingerichtet")).toBeDefined();
    expect(screen.queryByText("Fehler beim Laden des Postausgangs")).toBeNull();
    expect(calls.map((call) => call.path)).toEqual(["/api/outbox", "/api/outbox"]);
  });
});
