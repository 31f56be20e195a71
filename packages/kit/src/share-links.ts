/**
 * Share links (decision 0096): a file or a folder opened by a client without an account at
 * `/s/<token>`. The limits the API checks and the dialog offers, and the answers of
 * `/api/share-links`. Timestamps are ISO 8601 strings in the JSON answer.
 */

/** Days a link stays valid: the dialog's default and the most it allows. */
export const shareLinkDefaultDays = 7;
export const shareLinkMaxDays = 30;
/** A link's password, when it has one. */
export const shareLinkPasswordMin = 8;
export const shareLinkPasswordMax = 200;
/** The most downloads a limit may allow. */
export const shareLinkDownloadLimitMax = 10_000;
export const shareLinkLabelMax = 200;
/** A folder's ZIP: at most this many files and bytes (fflate writes no ZIP64). */
export const shareZipMaxFiles = 500;
export const shareZipMaxBytes = 2 * 1024 ** 3;

export type ShareTargetKind = "file" | "folder";

/** Where a link stands: usable, or why not. */
export type ShareLinkStatus = "active" | "expired" | "revoked" | "locked" | "used_up" | "target_gone";

/** A link as „Meine Freigaben“ lists it (the token itself is never stored, so never listed). */
export interface ShareLink {
  id: number;
  target_kind: ShareTargetKind;
  /** The file's or folder's id; null once the file was deleted. */
  target_id: number | null;
  /** The name when the link was made (kept after the file is deleted). */
  target_name: string;
  label: string;
  created_by_name: string;
  created_at: string;
  expires_at: string;
  has_password: boolean;
  download_limit: number | null;
  downloads: number;
  last_access_at: string | null;
  revoked_at: string | null;
  status: ShareLinkStatus;
  /** Whether the sharer is told by mail when a client first opens the link. */
  notify_on_open: boolean;
}

/** `GET|PUT /api/share-links/settings`: the longest validity an admin allows for new links. */
export interface ShareLinkSettings {
  /** 1..`shareLinkMaxDays`. */
  max_days: number;
}

/** `POST /api/share-links`. */
export interface ShareLinkInput {
  target_kind: ShareTargetKind;
  target_id: number;
  /** 1..`shareLinkMaxDays`; omitted: `shareLinkDefaultDays`. */
  days?: number;
  /** Omitted or empty: no password. */
  password?: string;
  /** Omitted or null: no limit. */
  download_limit?: number | null;
  label?: string;
  /** A mail to the sharer when a client first opens the link; omitted: none. */
  notify_on_open?: boolean;
}

/** `POST /api/share-links`: the link and, this once, its address (a same-origin path). */
export interface ShareLinkCreated {
  link: ShareLink;
  path: string;
}

/** `GET /api/share-links`: the caller's links (an admin's: everyone's), newest first. */
export interface ShareLinkList {
  links: ShareLink[];
  /** Whether the list holds every user's links (an admin). */
  all: boolean;
}

export type ShareAccessKind = "opened" | "downloaded" | "zip_downloaded" | "password_failed";

/** One entry of a link's access log: when, what, and the client coarsely. */
export interface ShareLinkAccess {
  at: string;
  kind: ShareAccessKind;
  /** The file downloaded; null for the other kinds. */
  file_name: string | null;
  /** The client's network: an IPv4 /24 or IPv6 /64. */
  network: string;
  /** The browser family and system („Firefox, Windows“). */
  client: string;
}

/** `GET /api/share-links/{id}/accesses`: newest first, 200 at most. */
export interface ShareLinkAccessList {
  accesses: ShareLinkAccess[];
}
