import { useCallback, useEffect, useRef, useState } from "react";
import { Icon } from "../../../shared/components/Icon";

export interface Toast {
  id: number;
  tone: "success" | "error";
  title: string;
  text: string;
}

/** Long enough to read twice; errors stay a little longer. */
const visibleMs = { success: 6000, error: 9000 } as const;

/**
 * Toasts of the public pages: a few lines of React instead of the portal's Mantine notifications,
 * which would cost a first visit of /contact well over 100 KB of script. Errors go to an alert
 * region, confirmations to a polite status region; both exist before anything is announced.
 */
export function useToasts() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback(
    (toast: Omit<Toast, "id">) => {
      const id = nextId.current++;
      setToasts((current) => [...current, { ...toast, id }]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), visibleMs[toast.tone]),
      );
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
    };
  }, []);

  return { toasts, show, dismiss };
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss(id: number): void }) {
  return (
    <div className={`kw-toast kw-toast--${toast.tone}`}>
      <span className="kw-toast__icon">
        <Icon name={toast.tone === "success" ? "check" : "close"} size={18} />
      </span>
      <div className="kw-toast__body">
        <p className="kw-toast__title">{toast.title}</p>
        <p className="kw-toast__text">{toast.text}</p>
      </div>
      <button
        type="button"
        className="kw-toast__close"
        aria-label="Benachrichtigung schließen"
        onClick={() => onDismiss(toast.id)}
      >
        <Icon name="close" size={16} />
      </button>
    </div>
  );
}

/** Confirmations are announced politely, errors at once. */
const lanes = [
  { tone: "success", role: "status" },
  { tone: "error", role: "alert" },
] as const;

export function ToastRegion({ toasts, onDismiss }: { toasts: Toast[]; onDismiss(id: number): void }) {
  return (
    <div className="kw-toasts">
      {lanes.map((lane) => (
        <div key={lane.tone} role={lane.role} className="mk-toasts__lane">
          {toasts
            .filter((toast) => toast.tone === lane.tone)
            .map((toast) => (
              <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} />
            ))}
        </div>
      ))}
    </div>
  );
}
