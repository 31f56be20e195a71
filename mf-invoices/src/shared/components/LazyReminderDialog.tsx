import { type ComponentProps, lazy, Suspense } from "react";
import type { ReminderDialog as ReminderDialogType } from "./ReminderDialog";

/** The dialog's code is downloaded when it first opens: the list and the Auswertung stay within their 40 KB. */
const ReminderDialog = lazy(() => import("./ReminderDialog").then((module) => ({ default: module.ReminderDialog })));

export function LazyReminderDialog(props: ComponentProps<typeof ReminderDialogType>) {
  if (!props.opened) return null;
  return (
    <Suspense fallback={null}>
      <ReminderDialog {...props} />
    </Suspense>
  );
}
