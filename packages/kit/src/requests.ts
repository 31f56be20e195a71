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
  /** The customer it was taken over into („Als Kunde übernehmen“, decision 0095), null before. */
  customer: RequestCustomer | null;
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
  /**
   * Before a takeover: existing customers whose e-mail or an Ansprechpartner's equals the
   * request's (trimmed, any case), which the dialog offers to link instead of creating a
   * duplicate; empty once taken over.
   */
  customer_matches: RequestCustomer[];
}

/** A customer as the request's dialog names it. */
export interface RequestCustomer {
  id: number;
  name: string;
}

/**
 * `POST /api/requests/{id}/customer` `{ customer_id? }`: without one a new customer from the
 * request (refused with 409 `customer-exists` and `matches` when one has its e-mail), with one
 * the link to that customer. `created` tells which.
 */
export interface TakenOverAnswer {
  request: ContactRequestDetail;
  customer: RequestCustomer;
  created: boolean;
}

/** The 409 body when customers with the request's e-mail exist: link one of them instead. */
export interface CustomerExistsError {
  code: "customer-exists";
  message: string;
  matches: RequestCustomer[];
}

/** German words of „Als Kunde übernehmen“, for the API's answers and the dashboard alike. */
export const requestCustomerMessages = {
  customerExists: "Es gibt schon einen Kunden mit dieser E-Mail-Adresse. Bitte verknüpfen Sie die Anfrage mit ihm.",
  takenOver: (name: string) => `Diese Anfrage wurde bereits als Kunde „${name}“ übernommen.`,
  customerNotFound: "Diesen Kunden gibt es nicht (mehr).",
  customerIdInvalid: "„customer_id“ muss die Nummer eines Kunden sein (eine ganze Zahl ab 1).",
  notJsonObject: 'Bitte senden Sie ein JSON-Objekt, z. B. {} oder { "customer_id": 12 }.',
} as const;

/** `GET /api/requests/{id}`. */
export interface ContactRequestAnswer {
  request: ContactRequestDetail;
}

/** `POST /api/requests/{id}/reply`: the request with the new reply (and done), and the counts. */
export interface RepliedAnswer {
  request: ContactRequestDetail;
  counts: ContactRequestCounts;
}
