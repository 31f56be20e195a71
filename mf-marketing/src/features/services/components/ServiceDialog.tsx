import { type MouseEvent, useEffect, useRef } from "react";
import { Icon } from "../../../shared/components/Icon";
import type { Service } from "../../../shared/content/services";

interface ServiceDialogProps {
  service: Service;
  /** Called once the dialog has closed (close button, click outside, Escape, or the link). */
  onClose(): void;
}

/**
 * The details of one service in a modal: the native `<dialog>` keeps focus inside, makes the page
 * behind it inert and closes on Escape; a click on the backdrop closes it too.
 */
export function ServiceDialog({ service, onClose }: ServiceDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = `service-${service.id}-title`;

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  function close(): void {
    dialog.current?.close();
  }

  function closeOnBackdrop(event: MouseEvent<HTMLDialogElement>): void {
    // The content fills the dialog box, so only a click on the backdrop targets the dialog itself.
    if (event.target === event.currentTarget) close();
  }

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop is a pointer target; keyboard users close with Escape or the button
    <dialog ref={dialog} className="mk-dialog" aria-labelledby={titleId} onClose={onClose} onClick={closeOnBackdrop}>
      <div className="mk-dialog__content">
        <header className="mk-dialog__header">
          <span className="mk-badge">
            <Icon name={service.icon} />
          </span>
          <h2 id={titleId} className="mk-dialog__title">
            {service.title}
          </h2>
          <button type="button" className="mk-dialog__close" aria-label="Schließen" onClick={close}>
            <Icon name="close" size={22} />
          </button>
        </header>
        <div className="mk-dialog__body">
          {service.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          <h3 className="mk-dialog__subtitle">Das gehört dazu</h3>
          <ul className="mk-checklist mk-checklist--compact">
            {service.includes.map((item) => (
              <li key={item}>
                <span className="mk-checklist__icon">
                  <Icon name="check" size={14} />
                </span>
                <span>{item}</span>
              </li>
            ))}
          </ul>
        </div>
        <footer className="mk-dialog__footer">
          <a href="/contact" className="kw-button kw-button--primary kw-button--lg" onClick={close}>
            Beratung anfragen
          </a>
        </footer>
      </div>
    </dialog>
  );
}
