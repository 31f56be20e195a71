import { expect, test } from "bun:test";
import { screen } from "@testing-library/react";
import { startSession } from "../src/browser/session";
import { AuditHistoryLink } from "../src/portal";
import { renderScreen } from "./support/portal-screen";

test("„Verlauf“ links admins into the Protokoll filtered by the object, and is not there for staff", () => {
  startSession({ id: 1, name: "Ada Admin", email: "ada@klarwerk.test", role: "admin" }, "token-admin");
  const admin = renderScreen(
    <AuditHistoryLink objectType="invoice" objectId={12} objectName="Rechnung RE-2025-0001" />,
  );
  const link = screen.getByRole("link", { name: "Verlauf von Rechnung RE-2025-0001" });
  expect(link.getAttribute("href")).toBe("/audit?object_type=invoice&object_id=12");
  expect(link.textContent).toBe("Verlauf");
  admin.unmount();

  startSession({ id: 2, name: "Erika Muster", email: "erika@klarwerk.test", role: "staff" }, "token-staff");
  renderScreen(<AuditHistoryLink objectType="invoice" objectId={12} objectName="Rechnung RE-2025-0001" />);
  expect(screen.queryByRole("link")).toBeNull();
});
