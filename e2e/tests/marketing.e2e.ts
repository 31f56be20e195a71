import AxeBuilder from "@axe-core/playwright";
import type { Browser, Locator, Page, Route } from "@playwright/test";
import { site, storageKeys } from "../../packages/kit/src/site";
import { waitForPageScripts } from "../support/navigation";
import { expect, test } from "../support/test";
import { registeredUser, signInQuickly } from "../support/users";

/** The public pages with the German title and main heading a visitor sees. */
const publicPages = [
  {
    path: "/",
    title: "Klarwerk Digital – Digitalisierung für den Mittelstand",
    heading: "Digitale Lösungen, die Ihren Alltag leichter machen.",
  },
  { path: "/about", title: "Über uns – Klarwerk Digital", heading: "Wir machen Digitalisierung verständlich." },
  {
    path: "/services",
    title: "Leistungen – Klarwerk Digital",
    heading: "Alles, was Ihr Unternehmen digital braucht.",
  },
  { path: "/contact", title: "Kontakt – Klarwerk Digital", heading: "Erzählen Sie uns von Ihrem Vorhaben." },
  { path: "/impressum", title: "Impressum – Klarwerk Digital", heading: "Impressum" },
  { path: "/datenschutz", title: "Datenschutz – Klarwerk Digital", heading: "Datenschutz" },
] as const;

/**
 * Stands in for the review platform's script (tests never reach the internet): counts its runs in
 * the page and fills the widget element the way the real one would.
 */
const reviewWidgetStub = `
  window.reviewWidgetLoads = (window.reviewWidgetLoads || 0) + 1;
  window.Trustpilot = { loadFromElement: function (element) { element.setAttribute("data-rendered", "stub"); } };
  document.querySelectorAll(".trustpilot-widget").forEach(function (element) { element.setAttribute("data-rendered", "stub"); });
`;

/** Routes the widget script to the stub; counts how often the browser asked for it. */
async function stubReviewWidget(page: Page): Promise<{ requests: () => number }> {
  let requests = 0;
  await page.route(site.reviewWidgetScript, (route: Route) => {
    requests++;
    return route.fulfill({ status: 200, contentType: "application/javascript", body: reviewWidgetStub });
  });
  return { requests: () => requests };
}

/** The widget's sandboxed frame (it never runs in the page's own origin). */
function widgetFrame(page: Page) {
  return page.frames().find((frame) => frame !== page.mainFrame() && frame.url() === "about:srcdoc");
}

/** How often the widget script ran: in its frame, and (never) in the page itself. */
async function reviewWidgetRuns(page: Page): Promise<number> {
  const count = () => (window as { reviewWidgetLoads?: number }).reviewWidgetLoads ?? 0;
  expect(await page.evaluate(count)).toBe(0);
  return (await widgetFrame(page)?.evaluate(count)) ?? 0;
}

/** The widget element inside its frame. */
function widgetElement(page: Page): Locator {
  return page.frameLocator("iframe.site-footer__widget").locator(".trustpilot-widget");
}

/** Marks the document, to tell a page change inside it from a full page load. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as { sameDocument?: boolean }).sameDocument = true;
  });
}

function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument === true);
}

function consentBanner(page: Page): Locator {
  return page.getByRole("region", { name: "Bewertungen von Trustpilot anzeigen?" });
}

/**
 * Clicks until `opened` holds: a click that lands while the page's own script is still loading
 * does nothing (the page is already readable, not yet interactive).
 */
async function clickUntil(target: Locator, opened: Locator): Promise<void> {
  await expect(async () => {
    if (!(await opened.isVisible())) await target.click();
    await expect(opened).toBeVisible({ timeout: 1000 });
  }).toPass();
}

test.describe("content", () => {
  test("every public page is in the HTML before any script runs, with its own German title and description", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const descriptions = new Set<string>();
    for (const { path, title, heading } of publicPages) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(title);
      await expect(page.locator("html")).toHaveAttribute("lang", "de");
      const description = (await page.locator('meta[name="description"]').getAttribute("content")) ?? "";
      expect(description.length, path).toBeGreaterThan(80);
      descriptions.add(description);
      await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(page.getByRole("banner").getByRole("link", { name: "Leistungen", exact: true })).toBeAttached();
      await expect(page.getByRole("contentinfo")).toContainText("© 2024");
    }
    expect(descriptions.size).toBe(publicPages.length);
    await context.close();
  });

  test("the home page: hero, the three values, ten service modules and the ways to get in touch", async ({ page }) => {
    await page.goto("/");
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Kostenloses Erstgespräch" })).toHaveAttribute("href", "/contact");
    await expect(main.getByRole("link", { name: "Mehr über uns" })).toHaveAttribute("href", "/about");
    await expect(main).toContainText("keine klassische Agentur, sondern Problemlöser");

    const dna = main.getByRole("region", { name: "Persönlich. Praktisch. Partnerschaftlich." });
    await expect(dna.getByRole("heading", { level: 3 })).toHaveText(["Persönlich", "Praktisch", "Partnerschaftlich"]);

    const modules = main.getByRole("region", { name: "Zehn Bausteine, ein Ansprechpartner" });
    await expect(modules.getByRole("heading", { level: 3 })).toHaveText([
      "Webdesign",
      "Online-Shops",
      "Performance-Marketing",
      "Talent Acquisition",
      "Prozessautomatisierung",
      "Customer Experience",
      "Individuelle Webentwicklung",
      "SEO",
      "Content",
      "Support & Hosting",
    ]);
    await expect(modules.getByRole("link", { name: "Alle Leistungen im Detail" })).toHaveAttribute("href", "/services");

    const closing = main.getByRole("region", { name: "Sie haben ein digitales Problem? Wir lösen es gern." });
    await expect(closing.getByRole("link", { name: "Kontakt aufnehmen" })).toHaveAttribute("href", "/contact");
    const chat = closing.getByRole("link", { name: /Per WhatsApp chatten/ });
    await expect(chat).toHaveAttribute("href", site.chatUrl);
    await expect(chat).toHaveAttribute("target", "_blank");

    // The call to action leads to the contact page within the same document.
    await waitForPageScripts(page);
    await markDocument(page);
    await main.getByRole("link", { name: "Kostenloses Erstgespräch" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page).toHaveTitle("Kontakt – Klarwerk Digital");
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(
      "Erzählen Sie uns von Ihrem Vorhaben.",
    );
    expect(await isSameDocument(page)).toBe(true);
  });

  test("the about page: intro, team, three principles, five steps, 100% Transparenz and a call to action", async ({
    page,
  }) => {
    await page.goto("/about");
    const main = page.getByRole("main");
    await expect(main.getByRole("region", { name: "Problemlöser statt Agentur" })).toContainText("Gegründet haben wir");
    const team = main.getByRole("region", { name: "Die Menschen hinter Klarwerk" });
    for (const name of site.managingDirectors) await expect(team.getByRole("heading", { name })).toBeVisible();
    await expect(team.getByRole("listitem")).toHaveCount(4);
    await expect(
      main.getByRole("region", { name: "Wie wir entscheiden" }).getByRole("heading", { level: 3 }),
    ).toHaveText(["Strategisch", "Effizient", "Skalierbar"]);
    const process = main.getByRole("region", { name: "In fünf Schritten zur Lösung" });
    await expect(process.getByRole("listitem")).toHaveCount(5);
    await expect(process.getByRole("heading", { level: 3 })).toHaveText([
      "Kennenlernen",
      "Analyse",
      "Konzept & Angebot",
      "Umsetzung",
      "Betreuung",
    ]);
    const transparency = main.getByRole("region", { name: "100% Transparenz" });
    await expect(transparency.getByRole("listitem")).toHaveCount(6);
    await expect(transparency).toContainText("Festpreise");
    await expect(main.getByRole("link", { name: "Kontakt aufnehmen" })).toHaveAttribute("href", "/contact");
  });

  test("the contact page: contact cards, opening hours, quick chat and call, and where we work", async ({ page }) => {
    await page.goto("/contact");
    const channels = page.getByRole("complementary", { name: "Direkter Draht" });
    await expect(channels.getByRole("link", { name: site.email })).toHaveAttribute("href", `mailto:${site.email}`);
    await expect(channels.getByRole("link", { name: site.phone })).toHaveAttribute("href", site.phoneHref);
    await expect(channels.getByRole("link", { name: /WhatsApp/ })).toHaveAttribute("href", site.chatUrl);
    await expect(channels).toContainText("Mo-Fr 9:00-18:00");
    await expect(channels.getByRole("link", { name: /Jetzt chatten/ })).toHaveAttribute("href", site.chatUrl);
    await expect(channels.getByRole("link", { name: "Jetzt anrufen" })).toHaveAttribute("href", site.phoneHref);
    await expect(channels).toContainText("Standort: Deutschland");
    await expect(channels).toContainText("bundesweit");
    await expect(channels).toContainText("Persönliche Termine nach Vereinbarung");
  });

  test("the legal notice names everything § 5 DDG asks for", async ({ page }) => {
    await page.goto("/impressum");
    const main = page.getByRole("main");
    for (const text of [
      "§ 5 Digitale-Dienste-Gesetz",
      site.legalName,
      `${site.address.street}`,
      `${site.address.postalCode} ${site.address.city}`,
      "Gesellschaft mit beschränkter Haftung (GmbH)",
      site.managingDirectors.join(" und "),
      site.register.court,
      site.register.number,
      "Umsatzsteuer-Identifikationsnummer gemäß § 27a Umsatzsteuergesetz: in Prüfung",
      "Haftung für Inhalte",
    ]) {
      await expect(main).toContainText(text);
    }
    await expect(main.getByRole("link", { name: site.email })).toHaveAttribute("href", `mailto:${site.email}`);
    await expect(main.getByRole("link", { name: site.phone })).toHaveAttribute("href", site.phoneHref);
  });

  test("the privacy notice: only contact-form data, used to answer, deleted once answered; rights; the widget", async ({
    page,
  }) => {
    await page.goto("/datenschutz");
    const main = page.getByRole("main");
    for (const text of [
      "Das sind die einzigen personenbezogenen Daten von Besuchern",
      "ausschließlich, um Ihre Anfrage zu beantworten",
      "löscht erledigte Anfragen automatisch 30 Tage später",
      "Auskunft",
      "Löschung",
      "Widerspruch",
      "Datenschutz-Aufsichtsbehörde",
      "Ohne Ihre Zustimmung wird keine Verbindung zu Trustpilot aufgebaut",
    ]) {
      await expect(main).toContainText(text);
    }
    await expect(main.getByRole("link", { name: site.email }).first()).toHaveAttribute("href", `mailto:${site.email}`);
  });
});

test.describe("services", () => {
  test("seven cards; each opens its details, closed by the button, a click outside or Escape, focus back on the card", async ({
    page,
  }) => {
    await page.goto("/services");
    const cards = page.getByRole("main").getByRole("button", { name: /^Details ansehen: / });
    await expect(cards).toHaveCount(7);
    const dialog = page.getByRole("dialog");

    // Tapped before the page's content has hydrated: the tap loads it, and the card opens then.
    await waitForPageScripts(page);
    const first = page.getByRole("button", { name: "Details ansehen: Webdesign & Online-Shops" });
    await first.click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleName("Webdesign & Online-Shops");
    expect(await dialog.getByRole("paragraph").count()).toBeGreaterThanOrEqual(3);
    await expect(dialog.getByRole("link", { name: "Beratung anfragen" })).toHaveAttribute("href", "/contact");
    await dialog.getByRole("button", { name: "Schließen" }).click();
    await expect(dialog).toBeHidden();
    await expect(first).toBeFocused();

    const seo = page.getByRole("button", { name: "Details ansehen: SEO & Content" });
    await seo.click();
    await expect(dialog).toHaveAccessibleName("SEO & Content");
    // A click on the dimmed page around the dialog.
    await page.mouse.click(5, 5);
    await expect(dialog).toBeHidden();
    await expect(seo).toBeFocused();

    const automation = page.getByRole("button", { name: "Details ansehen: Prozessautomatisierung" });
    await automation.focus();
    await page.keyboard.press("Enter");
    await expect(dialog).toHaveAccessibleName("Prozessautomatisierung");
    await expect(dialog.getByRole("button", { name: "Schließen" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(automation).toBeFocused();

    // "Beratung anfragen" leads to the contact form.
    await page.getByRole("button", { name: "Details ansehen: Talent Acquisition" }).click();
    await dialog.getByRole("link", { name: "Beratung anfragen" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole("main").getByRole("textbox", { name: "Nachricht", exact: true })).toBeVisible();
  });
});

test.describe("contact form", () => {
  async function fillForm(page: Page, fields: { name: string; email: string; company?: string; message: string }) {
    const main = page.getByRole("main");
    await main.getByRole("textbox", { name: "Name", exact: true }).fill(fields.name);
    await main.getByRole("textbox", { name: "E-Mail", exact: true }).fill(fields.email);
    await main.getByRole("textbox", { name: "Unternehmen", exact: true }).fill(fields.company ?? "");
    await main.getByRole("textbox", { name: "Nachricht", exact: true }).fill(fields.message);
  }

  test("sends the request: the button says it is sending, then the confirmation and an empty form", async ({
    page,
  }) => {
    // Slow the real request down, to see the sending state.
    await page.route("**/api/contact", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.goto("/contact");
    await fillForm(page, {
      name: "Petra Sommer",
      email: `petra-${Date.now()}@example.de`,
      company: "Sommer Bäckerei",
      message: "Wir brauchen einen Online-Shop für unsere Torten.",
    });
    await page.getByRole("button", { name: "Nachricht senden" }).click();
    await expect(page.getByRole("button", { name: "Wird gesendet..." })).toBeDisabled();

    const status = page.getByRole("status").filter({ hasText: "Nachricht gesendet!" });
    await expect(status).toBeVisible();
    await expect(status).toContainText("Vielen Dank für Ihre Anfrage. Wir melden uns binnen 24 Stunden bei Ihnen.");
    const main = page.getByRole("main");
    for (const name of ["Name", "E-Mail", "Unternehmen", "Nachricht"]) {
      await expect(main.getByRole("textbox", { name, exact: true })).toHaveValue("");
    }
    await expect(page.getByRole("button", { name: "Nachricht senden" })).toBeEnabled();
    await status.getByRole("button", { name: "Benachrichtigung schließen" }).click();
    await expect(status).toBeHidden();
  });

  test("what a visitor typed before the page's script ran is sent too", async ({ page }) => {
    // Hold the page's remote back: the form is the prerendered HTML only.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/remotes/mf-marketing/remoteEntry.js", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/contact");
    const submit = page.getByRole("button", { name: "Nachricht senden" });
    await expect(submit).toBeDisabled();
    await fillForm(page, { name: "Frühe Eingabe", email: `frueh-${Date.now()}@example.de`, message: "Schon getippt." });
    release();
    await submit.click();
    await expect(page.getByRole("status").filter({ hasText: "Nachricht gesendet!" })).toBeVisible();
  });

  test("a form filled before the shell's script ran can be sent once it has run", async ({ page }) => {
    // Hold the shell's own script back: the page is the prerendered HTML, nothing listens yet.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/static/js/index.*.js", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/contact", { waitUntil: "domcontentloaded" });
    await fillForm(page, { name: "Vor dem Skript", email: `vorher-${Date.now()}@example.de`, message: "Schon da." });
    release();
    // The focus left in the form counts as the visitor's interaction: the page's module loads.
    await page.getByRole("button", { name: "Nachricht senden" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Nachricht gesendet!" })).toBeVisible();
  });

  test("a refused request shows the destructive toast with the server's message, a failed one 'Fehler beim Senden'", async ({
    page,
    context,
  }) => {
    await page.goto("/contact");
    // The browser accepts a name of spaces and an address without a dot; the server does not.
    await fillForm(page, { name: "   ", email: "petra@localhost", message: "Hallo" });
    await page.getByRole("button", { name: "Nachricht senden" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "Fehler" });
    await expect(alert).toContainText("Bitte geben Sie Ihren Namen ein.");
    // The form keeps what was typed, to correct it.
    await expect(page.getByRole("main").getByRole("textbox", { name: "Nachricht", exact: true })).toHaveValue("Hallo");

    await page.getByRole("main").getByRole("textbox", { name: "Name", exact: true }).fill("Petra Sommer");
    await page.getByRole("button", { name: "Nachricht senden" }).click();
    await expect(alert).toContainText("Bitte geben Sie eine gültige E-Mail-Adresse ein.");

    await page.getByRole("main").getByRole("textbox", { name: "E-Mail", exact: true }).fill("petra@example.de");
    await context.setOffline(true);
    await page.getByRole("button", { name: "Nachricht senden" }).click();
    await expect(alert).toContainText("Fehler beim Senden");
    await context.setOffline(false);
    await expect(page.getByRole("status").filter({ hasText: "Nachricht gesendet!" })).toHaveCount(0);
  });
});

test.describe("review widget", () => {
  test("nothing of the review platform loads before the visitor decides; rejecting is remembered", async ({ page }) => {
    const widget = await stubReviewWidget(page);
    await page.goto("/");
    const banner = consentBanner(page);
    await expect(banner).toBeVisible();
    const reject = banner.getByRole("button", { name: "Ablehnen" });
    const accept = banner.getByRole("button", { name: "Akzeptieren" });
    // Rejecting is as easy as accepting: same size, same style.
    expect(await reject.getAttribute("class")).toBe(await accept.getAttribute("class"));
    expect((await reject.boundingBox())?.height).toBe((await accept.boundingBox())?.height);
    await waitForPageScripts(page);
    await page.waitForLoadState("networkidle");
    expect(widget.requests()).toBe(0);

    await reject.click();
    await expect(banner).toBeHidden();
    await page.reload();
    await waitForPageScripts(page);
    await page.waitForLoadState("networkidle");
    await expect(banner).toBeHidden();
    expect(widget.requests()).toBe(0);
    // The footer's link to the review page works regardless.
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: /Bewerten Sie uns auf Trustpilot/ })).toHaveAttribute(
      "href",
      site.reviewUrl,
    );
    await expect(footer).toContainText("Das Trustpilot-Widget laden wir erst nach Ihrer Zustimmung.");
  });

  test("accepting loads the widget script once per page load, and the choice is remembered", async ({ page }) => {
    const widget = await stubReviewWidget(page);
    await page.goto("/");
    await waitForPageScripts(page);
    await consentBanner(page).getByRole("button", { name: "Akzeptieren" }).click();
    await expect(consentBanner(page)).toBeHidden();
    await expect(widgetElement(page)).toHaveAttribute("data-rendered", "stub");
    expect(widget.requests()).toBe(1);

    // Moving between pages keeps the one script.
    await markDocument(page);
    await page.getByRole("banner").getByRole("link", { name: "Über uns", exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    await page.getByRole("banner").getByRole("link", { name: "Kontakt", exact: true }).click();
    await expect(page).toHaveURL(/\/contact$/);
    expect(await isSameDocument(page)).toBe(true);
    expect(await reviewWidgetRuns(page)).toBe(1);
    expect(widget.requests()).toBe(1);

    await page.reload();
    await waitForPageScripts(page);
    await expect(widgetElement(page)).toHaveAttribute("data-rendered", "stub");
    await expect(consentBanner(page)).toBeHidden();
    expect(await reviewWidgetRuns(page)).toBe(1);
    expect(widget.requests()).toBe(2);
  });

  test("the choice can be changed from the footer; withdrawing removes the widget", async ({ page }) => {
    const widget = await stubReviewWidget(page);
    await page.goto("/about");
    await waitForPageScripts(page);
    await consentBanner(page).getByRole("button", { name: "Akzeptieren" }).click();
    await expect.poll(() => widget.requests()).toBe(1);

    const settings = page.getByRole("contentinfo").getByRole("button", { name: "Datenschutz-Einstellungen" });
    await settings.click();
    const banner = consentBanner(page);
    await expect(banner).toBeVisible();
    await expect(banner.getByRole("heading")).toBeFocused();
    await expect(banner).toContainText("lädt die Seite neu");
    await Promise.all([page.waitForEvent("load"), banner.getByRole("button", { name: "Ablehnen" }).click()]);
    await waitForPageScripts(page);
    await page.waitForLoadState("networkidle");
    expect(await reviewWidgetRuns(page)).toBe(0);
    expect(widget.requests()).toBe(1);
    await expect(page.locator("iframe.site-footer__widget")).toHaveCount(0);
    await expect(consentBanner(page)).toBeHidden();

    // And back again, without a reload.
    await page.getByRole("contentinfo").getByRole("button", { name: "Datenschutz-Einstellungen" }).click();
    await consentBanner(page).getByRole("button", { name: "Akzeptieren" }).click();
    await expect(widgetElement(page)).toHaveAttribute("data-rendered", "stub");
    expect(widget.requests()).toBe(2);
  });
});

test.describe("prerendered pages", () => {
  for (const { path, heading } of publicPages) {
    test(`${path} keeps its prerendered content while its script takes over, without errors`, async ({ page }) => {
      const problems: string[] = [];
      page.on("pageerror", (error) => problems.push(error.message));
      page.on("console", (message) => {
        if (message.type() === "error") problems.push(message.text());
      });
      const remoteRequests: string[] = [];
      page.on("request", (request) => {
        if (request.url().includes("/remotes/")) remoteRequests.push(request.url());
      });
      await page.addInitScript(() => {
        document.addEventListener("DOMContentLoaded", () => {
          (window as { prerendered?: Element | null }).prerendered = document.querySelector("main h1");
        });
      });
      const headingIsTheServers = () =>
        page.evaluate(() => {
          const node = (window as { prerendered?: Element | null }).prerendered;
          return node?.isConnected === true && document.querySelector("main h1") === node;
        });
      await page.goto(path);
      await waitForPageScripts(page);
      await page.waitForLoadState("networkidle");
      // Header and footer run; the content waits for the visitor, and costs nothing meanwhile.
      expect(remoteRequests).toEqual([]);
      expect(await headingIsTheServers()).toBe(true);

      // The first interaction loads the page's module, which takes over the HTML.
      const pageModule = page.waitForResponse((response) => /__federation_expose_/.test(response.url()));
      await page.mouse.move(200, 300);
      await pageModule;
      await page.waitForLoadState("networkidle");
      // The heading the server sent is the one on screen: React adopted the HTML (no re-render
      // from scratch, which would flash and shift the page).
      expect(await headingIsTheServers()).toBe(true);
      await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(heading);
      expect(problems).toEqual([]);
    });
  }

  test("a signed-in visitor gets the portal links on a public page; the portal takes over from there", async ({
    page,
    request,
  }) => {
    const user = await registeredUser(request, "Nora Nachbar");
    await signInQuickly(page, request, user);
    await page.addInitScript(() => {
      document.addEventListener("DOMContentLoaded", () => {
        (window as { prerendered?: Element | null }).prerendered = document.querySelector("main h1");
      });
    });
    await page.goto("/");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Dateien" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => (window as { prerendered?: Element | null }).prerendered?.isConnected)).toBe(true);

    await markDocument(page);
    await header.getByRole("link", { name: "Dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page).toHaveTitle("Dashboard – Klarwerk Digital");
    await expect(header.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(
      "Digitale Lösungen, die Ihren Alltag leichter machen.",
    );
    expect(await isSameDocument(page)).toBe(true);
  });

  test("moving between public pages happens in the page, with titles, history and scroll position", async ({
    page,
  }) => {
    await page.goto("/");
    await waitForPageScripts(page);
    await markDocument(page);
    const header = page.getByRole("banner");
    await header.getByRole("link", { name: "Leistungen", exact: true }).click();
    await expect(page).toHaveTitle("Leistungen – Klarwerk Digital");
    await expect(header.getByRole("link", { name: "Leistungen", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /Leistungen von Klarwerk/);

    await page.getByRole("contentinfo").getByRole("link", { name: "Datenschutz" }).click();
    await expect(page).toHaveTitle("Datenschutz – Klarwerk Digital");
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 600));
    await page.goBack();
    await expect(page).toHaveTitle("Leistungen – Klarwerk Digital");
    await page.goForward();
    await expect(page).toHaveTitle("Datenschutz – Klarwerk Digital");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
    expect(await isSameDocument(page)).toBe(true);
  });
});

test.describe("accessibility", () => {
  async function seriousViolations(page: Page): Promise<string[]> {
    const { violations } = await new AxeBuilder({ page }).analyze();
    return violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
  }

  for (const { path } of publicPages) {
    test(`${path} has no serious or critical axe violation, on a phone and on a desktop`, async ({ page }) => {
      await page.goto(path);
      await waitForPageScripts(page);
      await page.waitForLoadState("networkidle");
      await expect(consentBanner(page)).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      await page.setViewportSize({ width: 375, height: 740 });
      await page.getByRole("button", { name: "Menü öffnen" }).click();
      expect(await seriousViolations(page)).toEqual([]);
      // Nothing wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    });
  }

  test("the service dialog and the contact form's toasts have no serious or critical axe violation", async ({
    page,
  }) => {
    await page.goto("/services");
    await clickUntil(
      page.getByRole("button", { name: "Details ansehen: Performance-Marketing" }),
      page.getByRole("dialog"),
    );
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");

    await page.goto("/contact");
    await page.getByRole("main").getByRole("textbox", { name: "Name", exact: true }).fill(" ");
    await page.getByRole("main").getByRole("textbox", { name: "E-Mail", exact: true }).fill("a@b.de");
    await page.getByRole("main").getByRole("textbox", { name: "Nachricht", exact: true }).fill("Hallo");
    await page.getByRole("button", { name: "Nachricht senden" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Fehler" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe("the consent banner's first tap", () => {
  /**
   * Counts every write of the choice and notes when the banner showed while a choice was stored
   * (a "flash back"), from the document's first moment on.
   */
  async function watchConsent(page: Page): Promise<void> {
    await page.addInitScript((key) => {
      const watched = window as unknown as { consentWrites: string[]; consentFlashed: boolean };
      watched.consentWrites = [];
      watched.consentFlashed = false;
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (this: Storage, name: string, value: string) {
        if (name === key) watched.consentWrites.push(value);
        setItem.call(this, name, value);
      };
      const check = () => {
        const banner = document.querySelector<HTMLElement>(".consent");
        const shown = banner !== null && banner.getClientRects().length > 0;
        if (shown && watched.consentWrites.length > 0) watched.consentFlashed = true;
        requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    }, storageKeys.consent);
  }

  async function consentWrites(page: Page): Promise<{ writes: string[]; flashed: boolean; stored: string | null }> {
    return page.evaluate((key) => {
      const watched = window as unknown as { consentWrites: string[]; consentFlashed: boolean };
      return { writes: watched.consentWrites, flashed: watched.consentFlashed, stored: localStorage.getItem(key) };
    }, storageKeys.consent);
  }

  const choices = [
    { button: "Akzeptieren", stored: "accepted" },
    { button: "Ablehnen", stored: "rejected" },
  ] as const;

  /** A visitor on a phone, new to the site unless `stored` says what it chose on an earlier visit. */
  async function newVisitor(browser: Browser, stored?: string): Promise<{ page: Page; close: () => Promise<void> }> {
    const context = await browser.newContext({ hasTouch: true, isMobile: true, viewport: { width: 375, height: 740 } });
    if (stored) {
      await context.addInitScript(
        ({ key, value }) => {
          if (!sessionStorage.getItem("seeded")) localStorage.setItem(key, value);
          sessionStorage.setItem("seeded", "1");
        },
        { key: storageKeys.consent, value: stored },
      );
    }
    const page = await context.newPage();
    await stubReviewWidget(page);
    await watchConsent(page);
    return { page, close: () => context.close() };
  }

  const presses = [
    { how: "click", press: (button: Locator) => button.click() },
    { how: "Enter", press: (button: Locator) => button.press("Enter") },
    { how: "Space", press: (button: Locator) => button.press(" ") },
  ] as const;

  for (const { how, press } of presses) {
    test(`"Akzeptieren" by ${how} the moment the banner shows is kept (5 visits)`, async ({ browser }) => {
      for (let visit = 1; visit <= 5; visit++) {
        const { page, close } = await newVisitor(browser);
        await page.goto("/services", { waitUntil: "commit" });
        await press(consentBanner(page).getByRole("button", { name: "Akzeptieren" }));
        await expect(consentBanner(page), `visit ${visit}`).toBeHidden();
        await waitForPageScripts(page);
        await expect(widgetElement(page)).toHaveAttribute("data-rendered", "stub");
        expect(await consentWrites(page), `visit ${visit}`).toEqual({
          writes: ["accepted"],
          flashed: false,
          stored: "accepted",
        });
        await close();
      }
    });
  }

  test("with storage that refuses to keep the choice, it holds for the page view", async ({ browser }) => {
    const { page, close } = await newVisitor(browser);
    await page.addInitScript(() => {
      Storage.prototype.setItem = () => {
        throw new DOMException("blocked", "SecurityError");
      };
    });
    await page.goto("/contact");
    await waitForPageScripts(page);
    await consentBanner(page).getByRole("button", { name: "Akzeptieren" }).click();
    await expect(consentBanner(page)).toBeHidden();
    await expect(widgetElement(page)).toHaveAttribute("data-rendered", "stub");
    await close();
  });

  test('"Datenschutz-Einstellungen" tapped before the script runs reopens the banner (5 visits)', async ({
    browser,
  }) => {
    for (let visit = 1; visit <= 5; visit++) {
      const { page, close } = await newVisitor(browser, "accepted");
      await page.goto("/about", { waitUntil: "commit" });
      await page.getByRole("contentinfo").getByRole("button", { name: "Datenschutz-Einstellungen" }).tap();
      const banner = consentBanner(page);
      await expect(banner, `visit ${visit}`).toBeVisible();
      await banner.getByRole("button", { name: "Ablehnen" }).tap();
      await expect(banner, `visit ${visit}`).toBeHidden();
      await waitForPageScripts(page);
      await page.waitForLoadState("load");
      await expect(banner, `visit ${visit}`).toBeHidden();
      expect(await page.evaluate((key) => localStorage.getItem(key), storageKeys.consent)).toBe("rejected");
      expect(await reviewWidgetRuns(page), `visit ${visit}`).toBe(0);
      await close();
    }
  });

  for (const { path } of publicPages) {
    for (const { button, stored } of choices) {
      test(`${path}: "${button}" tapped the moment the banner shows is kept (10 visits)`, async ({ browser }) => {
        test.setTimeout(120_000);
        for (let visit = 1; visit <= 10; visit++) {
          const { page, close } = await newVisitor(browser);
          await page.goto(path, { waitUntil: "commit" });
          await consentBanner(page).getByRole("button", { name: button }).tap();
          await expect(consentBanner(page), `visit ${visit}`).toBeHidden();
          await waitForPageScripts(page);
          await page.waitForLoadState("load");
          await expect(consentBanner(page), `visit ${visit}`).toBeHidden();
          expect(await consentWrites(page), `visit ${visit}`).toEqual({ writes: [stored], flashed: false, stored });
          await close();
        }
      });
    }
  }
});
