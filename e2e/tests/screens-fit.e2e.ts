import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { tokenOf } from "../support/invoices";
import { expect, test } from "../support/test";
import { newUser, register, registeredUser, signInQuickly, type TestUser, testOwner } from "../support/users";

// Every portal screen, as staff and as admin, at a phone's, a tablet's and a laptop's width: no
// page is wider than the window, no part of it scrolls sideways (a table that does not fit becomes
// cards), no button or badge shows a cut label, and axe finds nothing, with the system set to
// light and to dark (axe at 390 and 1280 px). SCREENSHOTS=<folder> keeps a picture of each screen there.

/** Each screen of the portal (the remotes' screens.ts) and the heading it shows when it is ready. */
const staffScreens = [
  { path: "/dashboard", heading: "Dashboard" },
  { path: "/data", heading: "Dateien" },
  { path: "/customers", heading: "Kundenverwaltung" },
  { path: "/invoices", heading: "Rechnungstool" },
  { path: "/invoices/auswertung", heading: "Auswertung" },
  { path: "/invoices/angebote", heading: "Angebote" },
  { path: "/invoices/wiederkehrend", heading: "Wiederkehrende Rechnungen" },
  { path: "/account", heading: "Mein Konto" },
] as const;

const adminScreens = [
  ...staffScreens,
  { path: "/users", heading: "Benutzer" },
  { path: "/outbox", heading: "Postausgang" },
  { path: "/releases", heading: "Auslieferung" },
  { path: "/audit", heading: "Protokoll" },
  { path: "/privacy", heading: "Datenschutz" },
] as const;

interface Screen {
  path: string;
  heading: string;
}

/** The name of the customer `someOfEverything` makes: the heading of its page. */
const customerName = "Bäckerei Sonnenschein Backwaren und Konditorei GmbH & Co. KG";

const widths = [390, 768, 1280] as const;

// Each test walks up to eleven screens, each checked twice by axe.
test.describe.configure({ timeout: 480_000 });

/**
 * A customer (with an Ansprechpartner, a tag and a logged call), an invoice draft, a contact
 * request and a waiting account with long values, so every list has rows and badges; the
 * customer's page as a screen.
 */
async function someOfEverything(request: APIRequestContext, user: TestUser): Promise<Screen> {
  const headers = { Authorization: `Bearer ${await tokenOf(request, user)}` };
  const customer = await request.post("/api/customers", {
    headers,
    data: {
      name: customerName,
      email: "buchhaltung.und.rechnungswesen@baeckerei-sonnenschein-backwaren.example.de",
      phone: "+49 30 1234567 890",
      website: "https://www.baeckerei-sonnenschein-backwaren-und-konditorei.example.de/filialen",
      notes: "Rechnungen bitte immer an die Buchhaltung; Lieferungen an die Filiale Prenzlauer Berg.",
      status: "keine_rueckmeldung",
    },
  });
  expect(customer.status(), await customer.text()).toBe(201);
  const customerId = ((await customer.json()) as { customer: { id: number } }).customer.id;
  for (const [path, data] of [
    [
      "contacts",
      {
        name: "Friederike Sonnenschein-Wiedemann",
        role: "Geschäftsführerin und Leiterin der Buchhaltung",
        email: "friederike.sonnenschein-wiedemann@baeckerei-sonnenschein.example.de",
        phone: "+49 30 1234567 891",
      },
    ],
    ["tags", { tag: "Online-Shop-Relaunch 2027" }],
    ["timeline", { kind: "call", text: "Rückruf wegen der Filialen in Prenzlauer Berg und Mitte vereinbart." }],
  ] as const) {
    const added = await request.post(`/api/customers/${customerId}/${path}`, { headers, data });
    expect(added.ok(), await added.text()).toBe(true);
  }
  const draft = await request.post("/api/invoices", {
    headers,
    data: {
      recipient: "Bäckerei Sonnenschein Backwaren und Konditorei GmbH & Co. KG\nHauptstraße 5\n80331 München",
      provider: "Klarwerk Digital GmbH\nLindenstraße 14\n10969 Berlin",
      issueDate: new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(new Date()),
      paymentTermDays: 14,
      items: [{ description: "Konzeption und Umsetzung des Online-Shops", quantity: 12, unitPriceCents: 9_500 }],
      discountPercent: 0,
      taxPercent: 19,
      extraFeesCents: 0,
      notes: "",
      issue: false,
    },
  });
  expect(draft.status(), await draft.text()).toBe(201);
  const contact = await request.post("/api/contact", {
    data: {
      name: "Friederike Sonnenschein-Wiedemann",
      email: "friederike.sonnenschein-wiedemann@baeckerei-sonnenschein.example.de",
      company: "Bäckerei Sonnenschein Backwaren und Konditorei GmbH & Co. KG",
      message: "Bitte rufen Sie mich zurück, wir möchten einen Online-Shop für unsere Filialen.",
    },
  });
  expect(contact.status(), await contact.text()).toBe(201);
  // A file with a long name, so the Dateien table has a row to fit.
  const upload = await request.post("/api/files/upload", {
    headers,
    multipart: {
      file: {
        name: "Angebot Online-Shop Bäckerei Sonnenschein Filialen Prenzlauer Berg und Mitte.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.from("%PDF-1.4\n%%EOF\n"),
      },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  await register(request, newUser("Wartende Wilhelmine von Sonnenschein-Wiedemann"));
  return { path: `/customers/${customerId}`, heading: customerName };
}

async function open(page: Page, screen: Screen): Promise<void> {
  await page.goto(screen.path);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: screen.heading })).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState("networkidle");
  // The lists' skeletons are gone: what is checked is what a person reads.
  await expect(main.locator(".mantine-Skeleton-root")).toHaveCount(0);
}

/** What does not fit: the page wider than the window, a part scrolling sideways, a cut label. */
async function misfits(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const nameOf = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.className && typeof element.className === "string" ? `.${element.className.trim().split(/\s+/).join(".")}` : ""} „${(element.textContent ?? "").trim().slice(0, 40)}“`;
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width) {
      found.push(`page ${document.documentElement.scrollWidth} px wide in a window of ${width} px`);
      for (const element of document.body.querySelectorAll("*")) {
        const box = element.getBoundingClientRect();
        if (box.right > width + 1 && box.width > 0 && getComputedStyle(element).position !== "fixed") {
          found.push(`  reaches ${Math.round(box.right)} px: ${nameOf(element)}`);
        }
      }
    }
    const main = document.querySelector("main");
    for (const element of main?.querySelectorAll("*") ?? []) {
      const style = getComputedStyle(element);
      if (
        (style.overflowX === "auto" || style.overflowX === "scroll") &&
        element.scrollWidth > element.clientWidth + 1 &&
        element.clientWidth > 0
      ) {
        found.push(`scrolls sideways (${element.scrollWidth} px in ${element.clientWidth} px): ${nameOf(element)}`);
      }
    }
    // A table wider than a card that clips it scrolls nowhere and shows half its last column.
    for (const table of main?.querySelectorAll("table") ?? []) {
      const box = table.getBoundingClientRect();
      for (let parent = table.parentElement; parent && parent !== main; parent = parent.parentElement) {
        const overflow = getComputedStyle(parent).overflowX;
        if (overflow !== "hidden" && overflow !== "clip") continue;
        const frame = parent.getBoundingClientRect();
        if (box.right > frame.right + 1 || box.left < frame.left - 1) {
          found.push(
            `table cut by its frame (${Math.round(box.width)} px in ${Math.round(frame.width)} px): ${nameOf(table)}`,
          );
        }
        break;
      }
    }
    const labelled = document.querySelectorAll(
      "button, a.mantine-Button-root, .mantine-Badge-root, [role=tab], .mantine-SegmentedControl-label",
    );
    for (const element of labelled) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || element.closest("[aria-hidden=true], .mantine-VisuallyHidden-root")) continue;
      const parts = [element, ...element.querySelectorAll(".mantine-Button-label, .mantine-Badge-label")];
      for (const part of parts) {
        if (part.scrollWidth > part.clientWidth + 1 && part.clientWidth > 0) {
          found.push(`cut label (${part.scrollWidth} px in ${part.clientWidth} px): ${nameOf(element)}`);
          break;
        }
      }
    }
    return found;
  });
}

async function checkScreens(
  page: Page,
  screens: readonly Screen[],
  width: number,
  role: "staff" | "admin",
): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  const problems: string[] = [];
  for (const screen of screens) {
    await page.emulateMedia({ colorScheme: "light" });
    await open(page, screen);
    for (const colorScheme of ["light", "dark"] as const) {
      const where = `${screen.path} at ${width} px (${colorScheme})`;
      if (colorScheme === "light") {
        for (const misfit of await misfits(page)) problems.push(`${where}: ${misfit}`);
      } else {
        // The portal follows the system as it changes, without a reload.
        await page.emulateMedia({ colorScheme });
        await expect(page.locator("html"), `${where}: the portal follows the system`).toHaveAttribute(
          "data-mantine-color-scheme",
          "dark",
        );
      }
      const shots = process.env.SCREENSHOTS;
      if (shots) {
        mkdirSync(shots, { recursive: true });
        const name = `${role}${screen.path.replace(/\/\d+$/, "/kunde").replaceAll("/", "-")}-${width}-${colorScheme}.png`;
        await page.screenshot({ path: join(shots, name), fullPage: true });
      }
      // Colours do not change with the width in between: axe at the phone's and the laptop's.
      if (width === 768) continue;
      try {
        await expectNoAxeViolations(page);
      } catch (error) {
        problems.push(`${where}: axe ${(error as Error).message.split("\n").slice(0, 12).join(" ")}`);
      }
    }
  }
  expect(problems).toEqual([]);
}

for (const width of widths) {
  test(`every staff screen fits at ${width} px, in light and dark`, async ({ page, request }) => {
    const staff = await registeredUser(request, "Sabine Sachbearbeiterin-Langenscheidt");
    const customerPage = await someOfEverything(request, staff);
    await signInQuickly(page, request, staff);
    await checkScreens(page, [...staffScreens, customerPage], width, "staff");
  });

  test(`every admin screen fits at ${width} px, in light and dark`, async ({ page, request }) => {
    const customerPage = await someOfEverything(request, testOwner);
    await signInQuickly(page, request, testOwner);
    await checkScreens(page, [...adminScreens, customerPage], width, "admin");
  });
}

test("„Darstellung“ under Mein Konto: Dunkel and Hell override the system, System follows it, the choice stays", async ({
  page,
  request,
}) => {
  await signInQuickly(page, request, await registeredUser(request, "Dora Dunkel"));
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/account");
  const html = page.locator("html");
  const group = page.getByRole("group", { name: "Darstellung" });
  await expect(group).toBeVisible({ timeout: 30_000 });
  await expect(group.getByRole("button", { name: "System" })).toHaveAttribute("aria-pressed", "true");
  await expect(html).toHaveAttribute("data-mantine-color-scheme", "light");

  await group.getByRole("button", { name: "Dunkel" }).click();
  await expect(html).toHaveAttribute("data-mantine-color-scheme", "dark");
  await expect(group.getByRole("button", { name: "Dunkel" })).toHaveAttribute("aria-pressed", "true");
  await expectNoAxeViolations(page);
  // Remembered in this browser: another screen, a reload, the system still light.
  await page.goto("/customers");
  await expect(html).toHaveAttribute("data-mantine-color-scheme", "dark");
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe("rgb(255, 255, 255)");

  await page.goto("/account");
  await page.emulateMedia({ colorScheme: "dark" });
  await group.getByRole("button", { name: "Hell" }).click();
  await expect(html).toHaveAttribute("data-mantine-color-scheme", "light");
  await page.reload();
  await expect(html).toHaveAttribute("data-mantine-color-scheme", "light");

  await group.getByRole("button", { name: "System" }).click();
  await expect(html).toHaveAttribute("data-mantine-color-scheme", "dark");
  await page.emulateMedia({ colorScheme: "light" });
  await expect(html).toHaveAttribute("data-mantine-color-scheme", "light");

  // The public pages stay light whatever the portal shows (decision 0074).
  await group.getByRole("button", { name: "Dunkel" }).click();
  await page.getByRole("banner").getByRole("link", { name: "Home", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  // react-router changes the URL first and renders the new route in a transition after it: until
  // that render commits, the portal's screen is still in the document and the page still dark.
  await expect
    .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor))
    .toBe("rgb(255, 255, 255)");
  await expect(page.locator(".portal-area")).toHaveCount(0);
  // The header is light again too: its marked „Home“ keeps the light scheme's colours.
  await expectNoAxeViolations(page, "header");
});
