import { site } from "@klarwerk/kit";
import { publicRouteFor } from "../federation/remote-routes";
import { useShellNavigation } from "../navigation/navigation";
import { useConsent } from "./consent";
import { reviewFrameDocument, reviewFrameSandbox } from "./review-frame";

/**
 * The review platform's widget in the footer, once the visitor agreed; until then a short note.
 * The platform's script never runs in our origin (docs/decisions/0024-review-widget-sandboxed-after-consent.md): it runs in a
 * sandboxed frame, and only on the public marketing pages, never on /login, /register, the reset
 * page or the portal, where the frame is not even made. Moving between public pages keeps the
 * one frame; leaving them removes it and the script with it. The footer's plain link to the
 * review page works either way.
 */
export function ReviewWidget() {
  const { choice } = useConsent();
  const onPublicPage = publicRouteFor(useShellNavigation().pathname) !== undefined;

  if (choice !== "accepted") {
    return (
      <p className="site-footer__text site-footer__note">
        Das {site.reviewWidget.platform}-Widget laden wir erst nach Ihrer Zustimmung.
      </p>
    );
  }
  if (!onPublicPage) return null;
  return (
    <iframe
      className="site-footer__widget"
      title={`Bewertungen auf ${site.reviewWidget.platform}`}
      sandbox={reviewFrameSandbox}
      srcDoc={reviewFrameDocument()}
      referrerPolicy="no-referrer"
    />
  );
}
