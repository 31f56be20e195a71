import { lazyDialog } from "../../../shared/components/lazy-dialog";

/**
 * The company settings (letterhead, DATEV, reminders, mail texts) are an admin's dialog: the
 * Rechnungstool's first view does without its code, for staff and admins alike.
 */
export const LazyCompanySettingsDialog = lazyDialog(() =>
  import("./CompanySettingsDialog").then((module) => module.CompanySettingsDialog),
);
