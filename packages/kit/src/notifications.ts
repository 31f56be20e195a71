import "@mantine/notifications/styles.css";

/**
 * Mantine's notifications, a chunk of their own: `@klarwerk/kit/portal` loads it with the first
 * toast of a visit (`notifySuccess`, `notifyError`), so the first screen of the portal does not
 * pay for it (docs/decisions/0077-portal-on-react-router.md). Not a federation singleton: only
 * the shell's build of `@klarwerk/kit/portal` loads it, so there is one store of toasts.
 */
export { Notifications, notifications } from "@mantine/notifications";
