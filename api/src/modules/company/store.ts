import { type CompanySettings, defaultCompanySettings } from "@klarwerk/kit";
import type { Queries } from "../../db/open.ts";
import { type AuditActor, changedFields, recordAuditEvent, withinTransaction } from "../audit/index.ts";

interface SettingsRow {
  name: string;
  street: string;
  postal_code: string;
  city: string;
  country_code: string;
  tax_number: string | null;
  vat_id: string | null;
  register_number: string | null;
  managing_directors: string | null;
  iban: string | null;
  bic: string | null;
  bank_name: string | null;
  contact_name: string | null;
  contact_phone: string | null;
  contact_email: string | null;
  website: string | null;
}

function settingsOf(row: SettingsRow): CompanySettings {
  return {
    name: row.name,
    street: row.street,
    postalCode: row.postal_code,
    city: row.city,
    countryCode: row.country_code,
    taxNumber: row.tax_number,
    vatId: row.vat_id,
    registerNumber: row.register_number,
    managingDirectors: row.managing_directors,
    iban: row.iban,
    bic: row.bic,
    bankName: row.bank_name,
    contactName: row.contact_name,
    contactPhone: row.contact_phone,
    contactEmail: row.contact_email,
    website: row.website,
  };
}

/**
 * The stored settings, or the site config's values until an admin saved them once. Takes a
 * transaction too: issuing reads them inside the transaction that numbers the invoice.
 */
export async function readCompanySettings(sql: Queries): Promise<CompanySettings> {
  const [row] = await sql<SettingsRow[]>`
    select name, street, postal_code, city, country_code, tax_number, vat_id, register_number, managing_directors, iban, bic, bank_name,
      contact_name, contact_phone, contact_email, website
    from company_settings`;
  return row ? settingsOf(row) : { ...defaultCompanySettings };
}

/** Stores the settings and, in the same transaction, an audit event with each changed field's values. */
export async function saveCompanySettings(
  sql: Queries,
  settings: CompanySettings,
  userId: number,
  actor: AuditActor,
): Promise<CompanySettings> {
  return withinTransaction(sql, async (tx) => {
    const [stored] = await tx<SettingsRow[]>`select * from company_settings for update`;
    const before = stored ? settingsOf(stored) : null;
    const saved = await upsertCompanySettings(tx, settings, userId);
    const { fields, changes } = changedFields(before, saved, companySettingsKeys, { withValues: true });
    await recordAuditEvent(tx, actor, { action: "company.changed", fields, changes });
    return saved;
  });
}

const companySettingsKeys = Object.keys(defaultCompanySettings) as (keyof CompanySettings)[];

async function upsertCompanySettings(
  sql: Queries,
  settings: CompanySettings,
  userId: number,
): Promise<CompanySettings> {
  const [row] = await sql<SettingsRow[]>`
    insert into company_settings (
      name, street, postal_code, city, country_code, tax_number, vat_id, register_number, managing_directors, iban, bic, bank_name,
      contact_name, contact_phone, contact_email, website, updated_by
    ) values (
      ${settings.name}, ${settings.street}, ${settings.postalCode}, ${settings.city}, ${settings.countryCode},
      ${settings.taxNumber}, ${settings.vatId}, ${settings.registerNumber}, ${settings.managingDirectors}, ${settings.iban}, ${settings.bic}, ${settings.bankName},
      ${settings.contactName}, ${settings.contactPhone}, ${settings.contactEmail}, ${settings.website}, ${userId}
    )
    on conflict (singleton) do update set
      name = excluded.name, street = excluded.street, postal_code = excluded.postal_code, city = excluded.city,
      country_code = excluded.country_code, tax_number = excluded.tax_number, vat_id = excluded.vat_id,
      register_number = excluded.register_number, managing_directors = excluded.managing_directors,
      iban = excluded.iban, bic = excluded.bic, bank_name = excluded.bank_name,
      contact_name = excluded.contact_name, contact_phone = excluded.contact_phone,
      contact_email = excluded.contact_email, website = excluded.website,
      updated_at = now(), updated_by = excluded.updated_by
    returning name, street, postal_code, city, country_code, tax_number, vat_id, register_number, managing_directors, iban, bic, bank_name,
      contact_name, contact_phone, contact_email, website`;
  if (!row) throw new Error("upsert into company_settings returned no row");
  return settingsOf(row);
}

/** The names of the active admins, alphabetically: who may complete the settings. */
export async function activeAdminNames(sql: Queries): Promise<string[]> {
  const rows = await sql<{ name: string }[]>`
    select name from users where role = 'admin' and status = 'active' order by name, id`;
  return rows.map((row) => row.name);
}
