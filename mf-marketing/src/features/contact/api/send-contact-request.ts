import type { ContactSubmission } from "@klarwerk/kit";
import { callApi } from "@klarwerk/kit/browser";

/**
 * Sends the contact form (`POST /api/contact`); rejects with the server's German message as an
 * ApiError. A plain fetcher without a TanStack Query hook, unlike the portal's remotes: the public
 * pages do not load @tanstack/react-query, and a first visit of /contact should not download it
 * for one POST whose only state (sending) the form keeps itself.
 */
export async function sendContactRequest(submission: ContactSubmission): Promise<void> {
  await callApi("POST /api/contact", { json: submission });
}
