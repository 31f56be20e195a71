import { lazyDialog } from "./lazy-dialog";

/** The invoice and quote lists offer „Per E-Mail senden“ without downloading the dialog. */
export const LazySendDocumentDialog = lazyDialog(() =>
  import("./SendDocumentDialog").then((module) => module.SendDocumentDialog),
);
