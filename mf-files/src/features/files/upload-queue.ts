import { appMessages } from "@klarwerk/kit";
import { apiUrl, currentToken, endSession, sessionAtom, sessionStore } from "@klarwerk/kit/browser";
import { formatFileSize } from "@klarwerk/kit/format";
import { notifyError, notifySuccess } from "@klarwerk/kit/portal";
import { useSyncExternalStore } from "react";
import { filesMessages as messages } from "./messages";

export type UploadStatus = "waiting" | "uploading" | "done" | "failed" | "cancelled";

/** One file the user dropped or picked, as the progress list shows it. */
export interface UploadItem {
  id: string;
  name: string;
  size: number;
  folderId: number | null;
  status: UploadStatus;
  /** 0-100. */
  percent: number;
  /** Why it failed, in German. */
  error: string | null;
}

export interface UploadTarget {
  folderId: number | null;
  /** The server's limit when known: a larger file is refused here, before a byte is sent. */
  maxBytes: number | null;
  /** Called after each successful upload, e.g. to refresh that folder's file list. */
  onUploaded: (folderId: number | null) => void;
}

/** Two at a time: both progress bars move, and neither starves the other of bandwidth. */
const parallelUploads = 2;

let items: readonly UploadItem[] = [];
const listeners = new Set<() => void>();
const waitingFiles = new Map<string, File>();
const running = new Map<string, XMLHttpRequest>();
const uploadedCallbacks = new Map<string, UploadTarget["onUploaded"]>();

function publish(next: readonly UploadItem[]): void {
  items = next;
  guardPageLeave();
  for (const listener of listeners) listener();
}

function patch(id: string, change: Partial<UploadItem>): void {
  publish(items.map((item) => (item.id === id ? { ...item, ...change } : item)));
}

function isActive(item: UploadItem): boolean {
  return item.status === "waiting" || item.status === "uploading";
}

// Closing the tab or reloading would cancel running uploads: ask first.
function warnBeforeLeaving(event: BeforeUnloadEvent): string {
  event.preventDefault();
  return messages.leaveWhileUploading;
}
let guarding = false;
function guardPageLeave(): void {
  const active = items.some(isActive);
  if (active === guarding) return;
  guarding = active;
  if (active) window.addEventListener("beforeunload", warnBeforeLeaving);
  else window.removeEventListener("beforeunload", warnBeforeLeaving);
}

/**
 * The queue belongs to one sign-in, the token it started under: a logout or another person's
 * login in this tab ends it. Running uploads are aborted, waiting ones dropped, and the list is
 * emptied, so no file is sent with the next person's token and nobody sees the last one's names.
 * (A refresh of the same sign-in keeps the token, and the queue.)
 */
let ownerToken = currentToken();
sessionStore.sub(sessionAtom, () => {
  const token = currentToken();
  if (token === ownerToken) return;
  ownerToken = token;
  const requests = [...running.values()];
  running.clear();
  waitingFiles.clear();
  uploadedCallbacks.clear();
  publish([]);
  for (const request of requests) request.abort();
});

function messageOf(request: XMLHttpRequest): string {
  try {
    const body: unknown = JSON.parse(request.responseText);
    const message = (body as { message?: unknown } | null)?.message;
    if (typeof message === "string" && message !== "") return message;
  } catch {
    // Not our JSON: a proxy's error page, or the server refusing the body before reading it.
  }
  return request.status === 413 ? messages.tooLargeForServer : `HTTP ${request.status}`;
}

function finish(item: UploadItem, outcome: { ok: true } | { ok: false; reason: string }): void {
  running.delete(item.id);
  const onUploaded = uploadedCallbacks.get(item.id);
  uploadedCallbacks.delete(item.id);
  if (outcome.ok) {
    patch(item.id, { status: "done", percent: 100 });
    notifySuccess(messages.uploadSucceeded, messages.uploadSucceededText(item.name));
    onUploaded?.(item.folderId);
  } else {
    patch(item.id, { status: "failed", error: outcome.reason });
    notifyError(messages.uploadFailed, messages.uploadFailedText(item.name, outcome.reason));
  }
  pump();
}

/**
 * XMLHttpRequest rather than fetch: only it reports upload progress. The browser streams the
 * file from disk into a multipart body; the bearer token goes in the header as with every call.
 */
function send(item: UploadItem, file: File): void {
  const request = new XMLHttpRequest();
  running.set(item.id, request);
  patch(item.id, { status: "uploading", percent: 0 });
  request.open("POST", apiUrl("/api/files/upload"));
  request.setRequestHeader("Accept", "application/json");
  const token = ownerToken;
  if (token) request.setRequestHeader("Authorization", `Bearer ${token}`);
  request.upload.addEventListener("progress", (event) => {
    if (!event.lengthComputable || event.total === 0) return;
    // Whole percents: a 1 GiB upload would otherwise re-render thousands of times.
    const percent = Math.min(99, Math.floor((event.loaded / event.total) * 100));
    const current = items.find((entry) => entry.id === item.id);
    if (current && current.percent !== percent) patch(item.id, { percent });
  });
  request.addEventListener("load", () => {
    if (request.status === 201) return finish(item, { ok: true });
    // Only while it is still the session's token: an answer after another login must not end that one.
    if (request.status === 401 && token === currentToken()) endSession();
    finish(item, { ok: false, reason: messageOf(request) });
  });
  request.addEventListener("error", () => finish(item, { ok: false, reason: appMessages.networkError }));
  request.addEventListener("abort", () => {
    running.delete(item.id);
    uploadedCallbacks.delete(item.id);
    patch(item.id, { status: "cancelled" });
    pump();
  });
  const form = new FormData();
  // Before the file: the server then knows the target folder before the bytes arrive.
  if (item.folderId !== null) form.append("folder_id", String(item.folderId));
  form.append("file", file, file.name);
  request.send(form);
}

/** Starts waiting uploads while fewer than `parallelUploads` run. */
function pump(): void {
  for (const item of items) {
    if (running.size >= parallelUploads) return;
    if (item.status !== "waiting") continue;
    const file = waitingFiles.get(item.id);
    waitingFiles.delete(item.id);
    if (file) send(item, file);
  }
}

/** Queues files for upload into `target.folderId`; each gets its own progress entry. */
export function enqueueUploads(files: readonly File[], target: UploadTarget): void {
  const added: UploadItem[] = [];
  for (const file of files) {
    const item: UploadItem = {
      id: crypto.randomUUID(),
      name: file.name,
      size: file.size,
      folderId: target.folderId,
      status: "waiting",
      percent: 0,
      error: null,
    };
    if (target.maxBytes !== null && file.size > target.maxBytes) {
      const reason = messages.tooLarge(formatFileSize(file.size), formatFileSize(target.maxBytes));
      added.push({ ...item, status: "failed", error: reason });
      notifyError(messages.uploadFailed, messages.uploadFailedText(file.name, reason));
      continue;
    }
    waitingFiles.set(item.id, file);
    uploadedCallbacks.set(item.id, target.onUploaded);
    added.push(item);
  }
  publish([...items, ...added]);
  pump();
}

export function cancelUpload(id: string): void {
  const request = running.get(id);
  if (request) {
    request.abort();
    return;
  }
  uploadedCallbacks.delete(id);
  if (waitingFiles.delete(id)) patch(id, { status: "cancelled" });
}

/** Removes finished entries (done, failed, cancelled) from the list. */
export function clearFinishedUploads(): void {
  publish(items.filter(isActive));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The upload list. It lives outside the screen: leaving /data and coming back shows the uploads
 * that are still running.
 */
export function useUploads(): readonly UploadItem[] {
  return useSyncExternalStore(
    subscribe,
    () => items,
    () => items,
  );
}
