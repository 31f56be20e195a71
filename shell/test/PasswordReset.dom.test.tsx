import { afterEach, describe, expect, test } from "bun:test";
import { stubApi } from "@klarwerk/kit/test-support";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createNavigationStore, NavigationContext } from "../src/navigation/navigation";
import { PasswordReset } from "../src/routes/PasswordReset";

afterEach(cleanup);

const password = "Grüne-Wiesen-im-Mai-2026!";

/** The reset page opened from a mail's link, the new password typed twice and sent. */
async function submitNewPassword(answer: { status: number; json: unknown }) {
  const calls = stubApi(() => answer);
  // The page reads its token from the address, as the mail's link opens it.
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
    "http://localhost:3000/passwort-zuruecksetzen?token=abc",
  );
  // The shell's router, as far as the page uses it: a successful reset would go on to /login.
  const navigation = createNavigationStore({ pathname: "/passwort-zuruecksetzen", pending: false }, async () => {});
  render(
    <NavigationContext value={navigation}>
      <PasswordReset />
    </NavigationContext>,
  );
  const [first, second] = screen.getAllByLabelText(/passwort/i, { selector: "input" });
  if (!first || !second) throw new Error("the two password fields are missing");
  fireEvent.change(first, { target: { value: password } });
  fireEvent.change(second, { target: { value: password } });
  fireEvent.submit(first.closest("form") as HTMLFormElement);
  await new Promise((resolve) => setTimeout(resolve, 50));
  return calls;
}

describe("Passwort zurücksetzen: a dead link is told by its code", () => {
  for (const [status, code, message] of [
    [410, "reset-link-expired", "Dieser Link ist abgelaufen."],
    [410, "reset-link-used", "Dieser Link wurde bereits verwendet."],
    [400, "reset-link-invalid", "Dieser Link ist ungültig."],
  ] as const) {
    test(`${code}: the form gives way to the server's words and the way to a new link`, async () => {
      const calls = await submitNewPassword({ status, json: { code, message } });
      expect(calls.map((call) => call.path)).toEqual(["/api/password-reset/confirm"]);
      expect((await screen.findByRole("alert")).textContent).toContain(message);
      expect(screen.queryByRole("button", { name: /speichern|setzen/i })).toBeNull();
    });
  }

  test("a 400 that is not about the link (an unreadable request) keeps the form for another try", async () => {
    await submitNewPassword({
      status: 400,
      json: { code: "bad-request", message: "Die Anfrage konnte nicht gelesen werden." },
    });
    expect(screen.queryByText("Die Anfrage konnte nicht gelesen werden.", { selector: ".kw-alert__text" })).toBeNull();
    expect(screen.getAllByLabelText(/passwort/i, { selector: "input" }).length).toBe(2);
  });
});
