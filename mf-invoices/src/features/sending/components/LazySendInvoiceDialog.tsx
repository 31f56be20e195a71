import { type ComponentProps, lazy, Suspense } from "react";
import type { SendInvoiceDialog as SendInvoiceDialogType } from "./SendInvoiceDialog";

/** The dialog's code is downloaded when it first opens: the invoice list stays within its 40 KB. */
const SendInvoiceDialog = lazy(() =>
  import("./SendInvoiceDialog").then((module) => ({ default: module.SendInvoiceDialog })),
);

export function LazySendInvoiceDialog(props: ComponentProps<typeof SendInvoiceDialogType>) {
  if (!props.opened) return null;
  return (
    <Suspense fallback={null}>
      <SendInvoiceDialog {...props} />
    </Suspense>
  );
}
