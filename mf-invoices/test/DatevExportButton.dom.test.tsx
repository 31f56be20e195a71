import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { lastFullQuarter, todayInGermany } from "@klarwerk/kit";
import { startSession } from "@klarwerk/kit/browser";
import { Notifications, notifications } from "@klarwerk/kit/notifications";
import { renderScreen, signIn, stubApi } from "@klarwerk/kit/test-support";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { DatevExportButton } from "../src/features/report/components/DatevExportButton";

function signInAsAdmin(): void {
  startSession({ id: 2, name: "Anna Admin", email: "anna@klarwerk.test", role: "admin" }, "token-admin");
}

const downloads: string[] = [];
const createObjectURL = URL.createObjectURL;
const clickAnchor = HTMLAnchorElement.prototype.click;

beforeEach(() => {
  downloads.length = 0;
  URL.createObjectURL = () => "blob:datev";
  HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) {
    downloads.push(this.download);
  };
});

afterEach(() => {
  notifications.clean();
  URL.createObjectURL = createObjectURL;
  HTMLAnchorElement.prototype.click = clickAnchor;
});

function renderButton() {
  return renderScreen(
    <>
      <Notifications />
      <DatevExportButton />
    </>,
  );
}

describe("DatevExportButton", () => {
  test("shows nothing to staff", () => {
    signIn();
    renderButton();
    expect(screen.queryByRole("button", { name: "DATEV-Export" })).toBeNull();
  });

  test("downloads the last full quarter by default, named as DATEV's import wants it", async () => {
    signInAsAdmin();
    const calls = stubApi(
      () => new Response(new Uint8Array([0x22, 0x45]), { headers: { "Content-Type": "text/csv" } }),
    );
    renderButton();
    const quarter = lastFullQuarter(todayInGermany());
    expect((screen.getByLabelText("Zeitraum von") as HTMLInputElement).value).toBe(quarter.from);
    expect((screen.getByLabelText("Zeitraum bis") as HTMLInputElement).value).toBe(quarter.to);

    fireEvent.click(screen.getByRole("button", { name: "DATEV-Export" }));
    await waitFor(() => expect(downloads).toEqual([`EXTF_Buchungsstapel_${quarter.from}_${quarter.to}.csv`]));
    expect(calls.map((call) => [call.path, call.query.get("from"), call.query.get("to")])).toEqual([
      ["/api/invoices/datev", quarter.from, quarter.to],
    ]);
  });

  test("a changed period is sent; the server's German refusal is shown", async () => {
    signInAsAdmin();
    const message = "Der Zeitraum muss in einem Wirtschaftsjahr liegen: DATEV nimmt je Stapel nur eines an.";
    const calls = stubApi(() => ({ status: 422, json: { code: "validation", message } }));
    renderButton();
    fireEvent.change(screen.getByLabelText("Zeitraum von"), { target: { value: "2025-12-01" } });
    fireEvent.change(screen.getByLabelText("Zeitraum bis"), { target: { value: "2026-01-31" } });
    fireEvent.click(screen.getByRole("button", { name: "DATEV-Export" }));
    expect(await screen.findByText(message)).toBeDefined();
    expect(screen.getByText("DATEV-Export fehlgeschlagen")).toBeDefined();
    expect(calls[0]?.query.get("from")).toBe("2025-12-01");
    expect(downloads).toEqual([]);
  });

  test("a reversed period is named at the input and not sent", async () => {
    signInAsAdmin();
    const calls = stubApi(() => ({ json: {} }));
    renderButton();
    fireEvent.change(screen.getByLabelText("Zeitraum von"), { target: { value: "2026-03-31" } });
    fireEvent.change(screen.getByLabelText("Zeitraum bis"), { target: { value: "2026-01-01" } });
    expect(screen.getAllByText("Der Zeitraum endet vor seinem Beginn.")).toHaveLength(1);
    fireEvent.click(screen.getByRole("button", { name: "DATEV-Export" }));
    expect(await screen.findByText("DATEV-Export fehlgeschlagen")).toBeDefined();
    expect(screen.getAllByText("Der Zeitraum endet vor seinem Beginn.")).toHaveLength(2);
    expect(calls).toEqual([]);
  });
});
