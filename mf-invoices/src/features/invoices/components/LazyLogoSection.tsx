import { type ComponentProps, lazy, Suspense } from "react";
import type { LogoSection as LogoSectionType } from "./LogoSection";

/** The logo's section is downloaded when the Firmeneinstellungen open: /invoices stays within its 40 KB. */
const LogoSection = lazy(() => import("./LogoSection").then((module) => ({ default: module.LogoSection })));

export function LazyLogoSection(props: ComponentProps<typeof LogoSectionType>) {
  return (
    <Suspense fallback={null}>
      <LogoSection {...props} />
    </Suspense>
  );
}
