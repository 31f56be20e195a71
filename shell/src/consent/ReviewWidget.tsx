import { site } from "@klarwerk/kit";
import { useEffect, useRef } from "react";
import { useConsent } from "./consent";
import { renderReviewWidget } from "./reviewScript";

/**
 * The review platform's widget in the footer, once the visitor agreed; until then a short note.
 * The footer's plain link to the review page works either way.
 */
export function ReviewWidget() {
  const { choice } = useConsent();
  const widget = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (choice === "accepted" && widget.current) renderReviewWidget(widget.current);
  }, [choice]);

  if (choice !== "accepted") {
    return (
      <p className="site-footer__text site-footer__note">
        Das {site.reviewWidget.platform}-Widget laden wir erst nach Ihrer Zustimmung.
      </p>
    );
  }
  return (
    <div
      ref={widget}
      className="trustpilot-widget site-footer__widget"
      data-locale={site.reviewWidget.locale}
      data-template-id={site.reviewWidget.templateId}
      data-businessunit-id={site.reviewWidget.businessUnitId}
      data-style-height="52px"
      data-style-width="100%"
      data-theme="dark"
    >
      <a href={site.reviewUrl} target="_blank" rel="noopener noreferrer">
        {site.reviewWidget.platform}
      </a>
    </div>
  );
}
