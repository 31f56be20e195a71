import { expect, test } from "bun:test";
import { auditChangeLine, auditFieldLabel } from "../src/audit-fields";

// What the Protokoll showed before: `role: – → staff`, `status: pending → active`, `purged: – → 0`.

test("an account's role and status read by their German names and labels", () => {
  expect(auditChangeLine("account", "role", { before: null, after: "staff" })).toBe("Rolle: – → Team");
  expect(auditChangeLine("account", "status", { before: "pending", after: "active" })).toBe(
    "Status: Wartet auf Freigabe → Aktiv",
  );
  expect(auditChangeLine("account", "role", { before: "staff", after: "admin" })).toBe("Rolle: Team → Admin");
});

test("a customer's status with spaces, company fields by the form's labels, counts and dates German", () => {
  expect(auditChangeLine("customer", "status", { before: "in_kontakt", after: "keine_rueckmeldung" })).toBe(
    "Status: in kontakt → keine rueckmeldung",
  );
  expect(auditChangeLine("company", "vatId", { before: null, after: "DE123456789" })).toBe("USt-IdNr: – → DE123456789");
  expect(auditChangeLine("company", "postalCode", { before: "10969", after: "20457" })).toBe("PLZ: 10969 → 20457");
  expect(auditChangeLine("privacy_case", "erase", { before: null, after: 1234 })).toBe("Löschen: – → 1.234");
  expect(auditChangeLine("invoice", "paid_on", { before: null, after: "2026-12-31" })).toBe(
    "Bezahlt am: – → 31.12.2026",
  );
  expect(auditChangeLine("invoice", "state", { before: "draft", after: "issued" })).toBe(
    "Stand: Entwurf → ausgestellt",
  );
  expect(auditChangeLine("invoice", "items", { before: [], after: [{}, {}] })).toBe("Artikel: 0 Einträge → 2 Einträge");
});

test("a share link's fields and its target read German", () => {
  expect(auditChangeLine("share_link", "target", { before: null, after: "folder 12" })).toBe(
    "Freigegeben: – → Ordner Nr. 12",
  );
  expect(auditChangeLine("share_link", "has_password", { before: null, after: true })).toBe("Mit Passwort: – → ja");
  expect(auditChangeLine("share_link", "max_days", { before: 30, after: 10 })).toBe(
    "Höchste Gültigkeit (Tage): 30 → 10",
  );
});

test("a field nobody named reads as words, never as a prototype's property", () => {
  expect(auditFieldLabel(null, "some_new_field")).toBe("some new field");
  expect(auditFieldLabel("company", "constructor")).toBe("constructor");
  expect(auditFieldLabel(null, "toString")).toBe("toString");
});
