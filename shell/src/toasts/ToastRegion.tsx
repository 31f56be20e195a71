import { Icon } from "@klarwerk/kit/icons";
import { dismissToast, type Toast, useToasts } from "./toasts";

function ToastItem({ toast }: { toast: Toast }) {
  return (
    // Each toast is an alert, as the portal's are: a screen reader speaks it when it appears.
    <div className={`kw-toast kw-toast--${toast.tone}`} role="alert">
      <span className="kw-toast__icon">
        <Icon size={16}>
          <path d={toast.tone === "success" ? "M5 12.5l4.5 4.5L19 7.5" : "M6 6l12 12M18 6L6 18"} />
        </Icon>
      </span>
      <div className="kw-toast__body">
        <p className="kw-toast__title">{toast.title}</p>
        {toast.text && <p className="kw-toast__text">{toast.text}</p>}
      </div>
      <button
        type="button"
        className="kw-toast__close"
        aria-label="Benachrichtigung schließen"
        onClick={() => dismissToast(toast.id)}
      >
        <Icon size={16}>
          <path d="M6 6l12 12M18 6L6 18" />
        </Icon>
      </button>
    </div>
  );
}

/** Where the shell's toasts show (toasts.ts): top right below the header, at the bottom on a phone. */
export function ToastRegion() {
  const toasts = useToasts();
  return (
    <div className="kw-toasts">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
}
