import { randomUUID } from "node:crypto";
import { expectNoAxeViolations } from "../support/axe";
import { waitForMail } from "../support/mailbox";
import { expectNoSidewaysScroll, sendAndSeeHistory, staffWithCustomer } from "../support/sending";
import { expect, test } from "../support/test";
import { signInQuickly } from "../support/users";

// „Per E-Mail senden“ (docs/decisions/0079): staff send an issued invoice from its card; the
// customer's mailbox gets the stored PDF and, for a Leitweg-ID, the XRechnung; the card shows
// „versendet am … an …“.

// Issuing makes the PDF and the XRechnung: slow on a loaded machine.
test.setTimeout(180_000);

for (const width of [390, 1280]) {
  test(`staff send an issued invoice by mail at ${width} px: the mailbox gets the PDF and the XRechnung, the card shows „versendet am … an …“`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const tag = randomUUID().slice(0, 8);
    const customerMail = `stadtwerke-${tag}@example.com`;
    const { user, headers, customerId } = await staffWithCustomer(request, "Sina Senden", {
      name: `Stadtwerke ${tag}`,
      email: customerMail,
      address: `Stadtwerke ${tag}\nRathausplatz 1\n12345 Musterstadt`,
      leitweg_id: "04011000-12345-03",
    });
    const created = await request.post("/api/invoices", {
      headers,
      data: {
        customerId,
        recipient: `Stadtwerke ${tag}\nRathausplatz 1\n12345 Musterstadt`,
        provider: "Klarwerk Digital GmbH\nLindenstraße 14\n10969 Berlin",
        items: [{ description: "Wartung", quantity: 1, unitPriceCents: 8_403 }],
        issue: true,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const number = (await created.json()).invoice.number as string;

    await signInQuickly(page, request, user);
    await page.goto("/invoices");
    await page.getByRole("searchbox", { name: "Rechnungen durchsuchen" }).fill(tag);
    // This invoice's card (the list may still show others until the search has run: a card that
    // goes away with the search takes its open dialog with it).
    const invoice = page
      .getByRole("region", { name: "Gespeicherte Rechnungen" })
      .getByRole("article", { name: `Rechnung ${number}` });
    await expect(invoice.getByTestId("invoice-status")).toHaveText("offen");
    await invoice.getByRole("button", { name: "Per E-Mail senden" }).click();

    const dialog = page.getByRole("dialog", { name: /Per E-Mail senden/ });
    await expect(dialog.getByLabel("Empfänger")).toHaveValue(customerMail);
    await expect(dialog.getByLabel("Betreff")).toHaveValue(new RegExp(`Rechnung ${number}`));
    await expect(dialog.getByLabel("XRechnung (XML) mitsenden")).toBeChecked();
    await expect(dialog.getByText(`Rechnung_${number}.pdf`)).toBeVisible();
    await expectNoAxeViolations(page, "[role=dialog]");
    await expectNoSidewaysScroll(page);

    // A display name (another mailbox in one field) is refused in German before anything is sent.
    await dialog.getByLabel("Empfänger").fill(`${customerMail}, Kasse <evil-${tag}@example.com>`);
    await dialog.getByRole("button", { name: "Senden" }).click();
    await expect(dialog.getByText("„Kasse“ ist keine gültige E-Mail-Adresse.")).toBeVisible();
    const second = `kasse-${tag}@example.com`;
    await sendAndSeeHistory(dialog, invoice.getByTestId("invoice-sendings"), [customerMail, second], "Sina Senden");

    for (const address of [customerMail, second]) {
      const mail = await waitForMail(address, (m) => m.subject.includes(number));
      expect(mail.attachments.map((file) => file.filename)).toEqual([
        `Rechnung_${number}.pdf`,
        `XRechnung_${number}.xml`,
      ]);
      expect(mail.attachments[0]?.content.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      expect(mail.attachments[1]?.content.toString("utf8")).toContain(number);
      expect(mail.text).toContain(number);
    }
    await expectNoSidewaysScroll(page);
  });
}
