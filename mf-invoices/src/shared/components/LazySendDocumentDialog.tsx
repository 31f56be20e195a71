import { type ComponentProps, lazy, Suspense } from "react";
import type { SendDocumentDialog as SendDocumentDialogType } from "./SendDocumentDialog";

/** The dialog's code is downloaded when it first opens: the invoice and quote lists stay within their 40 KB. */
const SendDocumentDialog = lazy(() =>
  import("./SendDocumentDialog").then((module) => ({ default: module.SendDocumentDialog })),
);

export function LazySendDocumentDialog(props: ComponentProps<typeof SendDocumentDialogType>) {
  if (!props.opened) return null;
  return (
    <Suspense fallback={null}>
      <SendDocumentDialog {...props} />
    </Suspense>
  );
}
