import { describe, expect, test } from "bun:test";
import { contactHoneypotField } from "@klarwerk/kit";
import { held, stubApi } from "@klarwerk/kit/test-support";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { ContactForm, type ContactResult } from "../src/contact/ContactForm";

describe("Kontaktformular", () => {
  test("sends the fields as typed, says it is sending, clears the form after success", async () => {
    const answer = held<{ status: number; json: unknown }>();
    const calls = stubApi(() => answer.promise);
    const results: ContactResult[] = [];
    render(<ContactForm onResult={(result) => results.push(result)} />);
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Erika Muster" } });
    fireEvent.change(screen.getByLabelText("E-Mail"), { target: { value: "erika@example.de" } });
    fireEvent.change(screen.getByLabelText("Nachricht"), { target: { value: "Bitte rufen Sie mich an." } });
    const button = screen.getByRole("button") as HTMLButtonElement;
    fireEvent.submit(button.form as HTMLFormElement);

    await waitFor(() => expect(button.disabled).toBe(true));
    expect(button.textContent).toBe("Wird gesendet...");
    expect(calls[0]?.body).toEqual({
      name: "Erika Muster",
      email: "erika@example.de",
      company: "",
      message: "Bitte rufen Sie mich an.",
      [contactHoneypotField]: "",
    });
    answer.release({ status: 201, json: { ok: true } });
    await waitFor(() => expect(results).toEqual([{ ok: true }]));
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("");
  });

  test("a refusal hands on the server's German message and keeps what was typed", async () => {
    stubApi(() => ({
      status: 429,
      json: { code: "rate-limited", message: "Zu viele Nachrichten. Bitte versuchen Sie es später erneut." },
    }));
    const results: ContactResult[] = [];
    render(<ContactForm onResult={(result) => results.push(result)} />);
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Erika Muster" } });
    fireEvent.submit(screen.getByRole("button").closest("form") as HTMLFormElement);
    await waitFor(() =>
      expect(results).toEqual([{ ok: false, message: "Zu viele Nachrichten. Bitte versuchen Sie es später erneut." }]),
    );
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("Erika Muster");
  });
});
