/**
 * A message sent through the public contact form, as the API returns it.
 * Timestamps are ISO 8601 strings; `company` is null when the visitor left it empty.
 */
export interface ContactRequest {
  id: number;
  name: string;
  email: string;
  company: string | null;
  message: string;
  created_at: string;
  is_done: boolean;
}

/**
 * A request after "Erledigt": when, and by whom. The name is the one the account had then; `id`
 * is null once that account is deleted, and `done_by` null only for requests marked done before
 * names were kept.
 */
export interface DoneContactRequest extends ContactRequest {
  is_done: true;
  done_at: string;
  done_by: { id: number | null; name: string } | null;
}

/** The numbers behind the dashboard's counters, counted by the database. */
export interface ContactRequestCounts {
  open: number;
  done: number;
}

/**
 * `GET /api/requests`: one page of open requests, newest first, and the exact counts. `next` is
 * the `before` value for the following page, null on the last one.
 */
export interface OpenRequestsPage {
  requests: ContactRequest[];
  counts: ContactRequestCounts;
  next: number | null;
}

/** `PUT /api/requests/{id}/done`. */
export interface MarkedDoneAnswer {
  request: DoneContactRequest;
  counts: ContactRequestCounts;
}

/** Open requests per page of `GET /api/requests` (default and upper bound of `limit`). */
export const openRequestsPage = { defaultLimit: 50, maxLimit: 200 } as const;

/** An answer sent to the visitor from the portal ("Antworten"): who, when, what. */
export interface ContactRequestReply {
  id: number;
  message: string;
  /** The sender's name then; `id` is null once that account is deleted. */
  sent_by: { id: number | null; name: string };
  created_at: string;
}

/** One request with its state and every reply, oldest first (`GET /api/requests/{id}`). */
export interface ContactRequestDetail extends ContactRequest {
  done_at: string | null;
  done_by: { id: number | null; name: string } | null;
  replies: ContactRequestReply[];
}

/** `GET /api/requests/{id}`. */
export interface ContactRequestAnswer {
  request: ContactRequestDetail;
}

/** `POST /api/requests/{id}/reply`: the request with the new reply (and done), and the counts. */
export interface RepliedAnswer {
  request: ContactRequestDetail;
  counts: ContactRequestCounts;
}
