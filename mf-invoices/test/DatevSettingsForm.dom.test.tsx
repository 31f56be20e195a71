import { describe, expect, test } from "bun:test";
import { datevMessages, defaultDatevSettings } from "@klarwerk/kit";
import { renderScreen, stubApi } from "@klarwerk/kit/test-support";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { DatevSettingsForm } from "../src/features/invoices/components/DatevSettingsForm";

const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe("DatevSettingsForm", () => {
  test("picking SKR04 pre-fills its revenue accounts; the edited settings are saved", async () => {
    const calls = stubApi((call) => ({ json: { datev: call.body } }));
    renderScreen(<DatevSettingsForm settings={defaultDatevSettings} />);
    expect(value("Erlöskonto Erlöse 19 %")).toBe("8400");
    expect(value("Erlöskonto Kleinunternehmer (§ 19 UStG)")).toBe("8192");

    fireEvent.change(screen.getByLabelText("Kontenrahmen"), { target: { value: "SKR04" } });
    expect(value("Erlöskonto Erlöse 19 %")).toBe("4400");
    expect(value("Erlöskonto Reverse Charge (§ 13b UStG)")).toBe("4337");
    expect(value("Erlöskonto Ausfuhr (§ 4 Nr. 1a UStG)")).toBe("4120");

    fireEvent.change(screen.getByLabelText("Beraternummer"), { target: { value: "29098" } });
    fireEvent.change(screen.getByLabelText("Mandantennummer"), { target: { value: "55003" } });
    fireEvent.change(screen.getByLabelText("Erlöskonto Erlöse 7 %"), { target: { value: "4310" } });
    fireEvent.change(screen.getByLabelText("BU-Schlüssel Erlöse 7 %"), { target: { value: "2" } });
    fireEvent.change(screen.getByLabelText("Wirtschaftsjahresbeginn"), { target: { value: "7" } });
    fireEvent.click(screen.getByRole("button", { name: datevMessages.settingsSave }));

    await waitFor(() => expect(calls).toHaveLength(1));
    const sent = calls[0]?.body as typeof defaultDatevSettings;
    expect([calls[0]?.method, calls[0]?.path]).toEqual(["PUT", "/api/company/datev"]);
    expect(sent.consultantNumber).toBe(29098);
    expect(sent.clientNumber).toBe(55003);
    expect(sent.chart).toBe("SKR04");
    expect(sent.fiscalYearStartMonth).toBe(7);
    expect(sent.revenueAccounts.reduced).toEqual({ account: "4310", taxKey: "2" });
    expect(sent.revenueAccounts.standard).toEqual({ account: "4400", taxKey: null });
  });

  test("a wrong account is named at its field and nothing is sent", () => {
    const calls = stubApi(() => ({ json: {} }));
    renderScreen(<DatevSettingsForm settings={defaultDatevSettings} />);
    fireEvent.change(screen.getByLabelText("Erlöskonto Erlöse 19 %"), { target: { value: "84000" } });
    fireEvent.click(screen.getByRole("button", { name: datevMessages.settingsSave }));
    expect(screen.getByText(datevMessages.revenueAccountInvalid("Erlöse 19 %", 4))).toBeDefined();
    expect(calls).toEqual([]);
  });
});
