import { type PrivacyRetentionPlan, privacyMessages } from "@klarwerk/kit";

/** `GET /api/privacy/retention-plan` when the next run would delete nothing. */
export const nothingToDelete: PrivacyRetentionPlan = {
  today: "2026-11-28",
  contact_request_days: 30,
  cutoff: "2026-10-29T03:00:00.000Z",
  contact_requests: [],
  replies: 0,
  mails: 0,
  invoices: [],
  held_invoice_ids: [],
  summary: privacyMessages.retentionNothing,
};

export const retentionPlanPath = "/api/privacy/retention-plan";
