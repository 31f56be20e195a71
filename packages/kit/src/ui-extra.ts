/**
 * The portal's Mantine components that no first screen needs: the file area's and customer
 * list's menus, breadcrumbs, upload progress and placeholders, and the password fields of the
 * account and share dialogs. A second federation singleton beside `@klarwerk/kit/ui`, built by the
 * shell from the same Mantine (one instance, one `MantineProvider`), so the dashboard after
 * sign-in does not download them (issue 46, decision 0037): a screen that uses one loads this
 * entry with its own code. A component moves here only when the dashboard and the Rechnungstool's
 * first view do without it; its name and Mantine's major version are part of the kit's surface
 * version, as for `@klarwerk/kit/ui`.
 */
export type { PasswordInputProps } from "@mantine/core";
export { Breadcrumbs, Menu, PasswordInput, Progress, Skeleton } from "@mantine/core";
