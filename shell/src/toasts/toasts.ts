import { useSyncExternalStore } from "react";

export interface Toast {
  id: number;
  tone: "success" | "error";
  title: string;
  text: string;
}

/** As long as the portal's toasts stay (@klarwerk/kit/portal); errors a little longer. */
const visibleMs = { success: 4000, error: 6000 } as const;

const none: readonly Toast[] = [];
let toasts: readonly Toast[] = none;
let nextId = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function publish(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  publish(toasts.filter((toast) => toast.id !== id));
}

function show(tone: Toast["tone"], title: string, text = ""): void {
  const id = nextId++;
  publish([...toasts, { id, tone, title, text }]);
  timers.set(
    id,
    setTimeout(() => dismissToast(id), visibleMs[tone]),
  );
}

/**
 * The shell's toasts: sign-in, sign-up and the password reset raise them, and they stay on screen
 * across a change of page and of router (the layout shows them, and this store outlives it), so
 * "Erfolgreich eingeloggt!" raised on /login is read on /dashboard. A few lines instead of Mantine's
 * notifications, which would cost /login over 100 KB of script.
 */
export function notifySuccess(title: string, text?: string): void {
  show("success", title, text);
}

/** A red ("destructive") toast, e.g. "Login fehlgeschlagen" / "Bitte überprüfen Sie Ihre Zugangsdaten.". */
export function notifyError(title: string, text?: string): void {
  show("error", title, text);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The toasts on screen; none while prerendering and hydrating. */
export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => none,
  );
}
