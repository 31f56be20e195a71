import { lazyDialog } from "./lazy-dialog";

/** The invoice list and the Auswertung offer „Mahnen“ without downloading the dialog. */
export const LazyReminderDialog = lazyDialog(() => import("./ReminderDialog").then((module) => module.ReminderDialog));
