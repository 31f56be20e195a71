import { describe, expect, test } from "bun:test";
import { createHash, randomBytes } from "node:crypto";
import { personFieldMessages, todayInGermany } from "@klarwerk/kit";
import { startAppTest } from "../support/app.ts";
import { call, callJson } from "../support/http.ts";
import { createInvoice, invoiceJson, saveCompany } from "../support/invoices.ts";
import { login, registerAndLogin, signedInOwner, testPassword, uniqueEmail } from "../support/users.ts";

// The smaller holes: names, reset links after a password change, headers of invoice PDFs.
const { db, app } = await startAppTest();

describe("invoice downloads", () => {
  test("the PDF is sent with Cache-Control: no-store, like every other answer under /api", async () => {
    const owner = await signedInOwner(app);
    await saveCompany(app);
    const invoice = await createInvoice(app, owner.token, invoiceJson({ issue: true, issueDate: todayInGermany() }));
    const pdf = await call(app, `/api/invoices/${invoice.id}/pdf`, { token: owner.token });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("cache-control")).toBe("no-store");
  });
});

describe("a password change", () => {
  test("voids every reset link still open for the account", async () => {
    const user = await registerAndLogin(app, { name: "Rolf Reset" });
    // A link asked for before the change (its token as the mail carries it; only the hash is stored).
    const token = randomBytes(32).toString("base64url");
    const hash = createHash("sha256").update(token).digest("hex");
    await db.sql`
      insert into password_reset_tokens (token_hash, user_id, created_at, expires_at)
      values (${hash}, ${user.user.id}, now(), now() + interval '30 minutes')`;

    const changed = await call(app, "/api/password", {
      json: { currentPassword: testPassword, newPassword: "Zugspitze-Morgenrot-Kachelofen-8" },
      token: user.token,
    });
    expect(changed.status).toBe(204);
    const reset = await callJson(app, "/api/password-reset/confirm", {
      json: { token, newPassword: "Nordsee-Leuchtfeuer-Buchweizen-3" },
    });
    expect(reset.status).toBeGreaterThanOrEqual(400);
    expect(reset.status).toBeLessThan(500);
    // The password the user chose holds.
    await login(app, { ...user, password: "Zugspitze-Morgenrot-Kachelofen-8" });
  });
});

describe("registration names", () => {
  test.each([
    ["a line break", "Max\nMuster"],
    ["a carriage return and header", "Max\r\nBcc: alle@example.com"],
    ["a tab", "Max\tMuster"],
    ["an escape", "Max\u001b[31mMuster"],
    ["a line separator", "Max\u2028Muster"],
    ["a direction override", "Max\u202EretsuM"],
  ])("with %s: 422 in German", async (_, name) => {
    const answer = await callJson(app, "/api/register", {
      json: { name, email: uniqueEmail("steuer"), password: testPassword, confirmPassword: testPassword },
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ code: "validation", message: personFieldMessages.nameControlCharacters });
  });

  test("names with accents, apostrophes, hyphens and spaces are fine", async () => {
    const answer = await callJson(app, "/api/register", {
      json: {
        name: "Zoë O'Brien-Çelik",
        email: uniqueEmail("name"),
        password: testPassword,
        confirmPassword: testPassword,
      },
    });
    expect(answer.status).toBe(201);
  });
});
