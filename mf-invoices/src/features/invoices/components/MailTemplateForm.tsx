import { lazy, Suspense } from "react";

/**
 * The mail templates in the Firmeneinstellungen (admins only): the editor's code is downloaded when
 * the dialog opens, so the invoice list stays within its 40 KB for everyone.
 */
const MailTemplateEditor = lazy(() =>
  import("./MailTemplateEditor").then((module) => ({ default: module.MailTemplateEditor })),
);

export function MailTemplateSection({ opened }: { opened: boolean }) {
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <MailTemplateEditor opened={opened} />
    </Suspense>
  );
}
