import type { FolderPathStep } from "./files";
import type { InvoiceStatus } from "./invoices/types";

/**
 * The portal header's search across customers, invoices and files (`GET /api/search?q=`,
 * docs/decisions/0102-portal-header-search.md): its limits, answer and German texts, shared by the
 * API and the shell.
 */
export const siteSearchLimits = {
  /** Characters of a term (trimmed) the server searches with. */
  termMin: 2,
  termMax: 100,
  /** Hits per group; `more` says whether that group has another. */
  perGroup: 5,
} as const;

export interface SiteSearchCustomer {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
}

export interface SiteSearchInvoice {
  id: number;
  /** Null for a draft. */
  number: string | null;
  recipient_name: string;
  issue_date: string;
  status: InvoiceStatus;
}

export interface SiteSearchFile {
  id: number;
  name: string;
  /** The folders it lies in, from the root level down; empty at the root level. */
  folder_path: FolderPathStep[];
}

export interface SiteSearchGroup<Hit> {
  hits: Hit[];
  more: boolean;
}

/** `GET /api/search?q=`: up to `perGroup` hits of each kind, newest first. */
export interface SiteSearchAnswer {
  customers: SiteSearchGroup<SiteSearchCustomer>;
  invoices: SiteSearchGroup<SiteSearchInvoice>;
  files: SiteSearchGroup<SiteSearchFile>;
}

/** The header search's German texts (the server's refusals and the screen's). */
export const siteSearchMessages = {
  termTooShort: `Bitte geben Sie mindestens ${siteSearchLimits.termMin} Zeichen ein.`,
  termTooLong: `Der Suchbegriff darf höchstens ${siteSearchLimits.termMax} Zeichen lang sein.`,
  label: "Suche",
  results: "Suchergebnisse",
  placeholder: "Kunden, Rechnungen, Dateien …",
  shortcut: "Taste /",
  open: "Suche öffnen",
  close: "Suche schließen",
  customers: "Kunden",
  invoices: "Rechnungen",
  files: "Dateien",
  hint: `Mindestens ${siteSearchLimits.termMin} Zeichen eingeben.`,
  loading: "Suche läuft …",
  failed: "Die Suche ist fehlgeschlagen. Bitte versuchen Sie es erneut.",
  none: (term: string) => `Keine Treffer für „${term}“`,
  more: "Weitere Treffer: bitte genauer suchen.",
  draft: "Entwurf",
  rootFolder: "Dateien",
} as const;

/**
 * Where a hit opens, and the query parameters the screens read for it (each screen removes them
 * from the address once read): a customer's page; the Rechnungstool with its list searched for the
 * invoice's number (a draft: its customer's name); the file area in the file's folder, filtered to
 * it, its viewer open.
 */
export const siteSearchParams = { search: "suche", file: "datei" } as const;

export const siteSearchLinks = {
  customer: (hit: Pick<SiteSearchCustomer, "id">) => `/customers/${hit.id}`,
  invoice: (hit: Pick<SiteSearchInvoice, "number" | "recipient_name">) =>
    `/invoices?${new URLSearchParams({ [siteSearchParams.search]: hit.number ?? hit.recipient_name })}`,
  file: (hit: Pick<SiteSearchFile, "id" | "name">) =>
    `/data?${new URLSearchParams({ [siteSearchParams.file]: String(hit.id), [siteSearchParams.search]: hit.name })}`,
} as const;
