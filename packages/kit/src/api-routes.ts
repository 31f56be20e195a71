/**
 * The API's JSON routes as one contract: for each `METHOD /path` (path parameters as `:name`)
 * what the request sends (`body`, `query`) and what a success answers (`answer`; `undefined` for a
 * 204). The browser's client (`callApi` in `@klarwerk/kit/browser`) takes its types from here,
 * so no fetcher names an answer type, and the API's response schemas are bound to the same
 * types (`api/test/http/answer-contract.test.ts` checks each route's documented schema against
 * this map, the compiler checks the schema against the type).
 *
 * Routes that answer bytes (downloads, previews, the PDF and the XRechnung) are not listed; the
 * browser reads them with `apiFetch`. The upload is listed with its multipart body (`FormData`),
 * though the files screen sends it with an `XMLHttpRequest` for its progress; a release's upload
 * with its archive (`Blob`, sent as it is), though `bun run release` sends it with its deploy key.
 */
import type { AuditFilter, AuditPage, AuditVerification } from "./audit";
import type { CompanyAnswer, CompanySettingsDraft } from "./company";
import type { ContactPayload, ContactReceivedAnswer, contactHoneypotField } from "./contact";
import type {
  CustomerImportChoice,
  CustomerImportDryRun,
  CustomerImportMapping,
  CustomerImportPreviewAnswer,
  CustomerImportResultAnswer,
} from "./customer-import";
import type {
  CustomerActivityAnswer,
  CustomerActivityInput,
  CustomerContactAnswer,
  CustomerContactDraft,
  CustomerDetail,
  CustomerFileLinkInput,
  CustomerTagList,
  CustomerTagsAnswer,
  CustomerTimelinePage,
} from "./customer-page";
import type { CustomerAnswer, CustomerInput, CustomerPage } from "./customers";
import type { DatevSettingsAnswer, DatevSettingsDraft } from "./datev";
import type {
  DownloadLink,
  FileAnswer,
  FileChange,
  FileListing,
  FileSearchPage,
  FolderAnswer,
  FolderChange,
  FolderList,
  TrashList,
  TrashRestored,
  TrashRestoreRequest,
} from "./files";
import type {
  CancellationAnswer,
  InvoiceAnswer,
  InvoiceContent,
  InvoicePage,
  InvoiceReport,
  PaymentInput,
  QuoteAnswer,
  QuoteContent,
  QuoteConversionAnswer,
  QuoteConversionInput,
  QuotePage,
  RecurringInvoiceAnswer,
  RecurringInvoiceInput,
  RecurringInvoiceList,
  RecurringRunReport,
} from "./invoices";
import type {
  BaseRate,
  InvoiceRemindersAnswer,
  ReminderBatchAnswer,
  ReminderBatchInput,
  ReminderInput,
  ReminderMadeAnswer,
  ReminderSettings,
  ReminderSettingsAnswer,
} from "./invoices/reminders";
import type { BackupStartedAnswer, HealthAnswer } from "./operations";
import type { OutboxList, RetriedMailAnswer } from "./outbox";
import type {
  PrivacyCaseAnswer,
  PrivacyCaseChange,
  PrivacyCaseDetail,
  PrivacyCaseInput,
  PrivacyCaseList,
  PrivacyErasurePlan,
  PrivacyErasureResult,
  PrivacyRetentionPlan,
} from "./privacy";
import type {
  ClientErrorInput,
  ClientLoadInput,
  CreatedDeployKey,
  DeployKeyList,
  ExternalReleaseInput,
  ReleaseAnswer,
  ReleasesOverview,
  ReleaseUploadQuery,
  RolloutAnswer,
} from "./releases";
import type {
  ContactRequestAnswer,
  MarkedDoneAnswer,
  OpenRequestsPage,
  RepliedAnswer,
  TakenOverAnswer,
} from "./requests";
import type {
  DocumentSendingsAnswer,
  InvoiceMailAnswer,
  InvoiceSendingsAnswer,
  MailTemplate,
  MailTemplateAnswer,
  MailTemplatesAnswer,
  QuoteMailAnswer,
  SendDocumentMailBody,
  SendInvoiceMailBody,
  SentDocumentMailAnswer,
  SentInvoiceMailAnswer,
} from "./sending";
import type {
  ShareLinkAccessList,
  ShareLinkCreated,
  ShareLinkInput,
  ShareLinkList,
  ShareLinkSettings,
} from "./share-links";
import type { SiteSearchAnswer } from "./site-search";
import type {
  LoginAnswer,
  PasswordChange,
  PasswordResetRequestedAnswer,
  RegistrationAnswer,
  SessionAnswer,
  UserAccountAnswer,
  UserAccountChange,
  UserAccountList,
} from "./users";

/** `?page=&limit=&search=&status=` of a paged list; an empty or missing value is left out. */
export interface PagedListQuery {
  page?: number;
  limit?: number;
  search?: string;
  status?: string;
}

/** `POST /api/register`'s body. */
export interface RegistrationPayload {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
  /** The owner's set-up code; only the owner's registration carries one. */
  setupCode?: string;
}

/** The visible fields of the contact form and the honeypot, which people leave empty. */
export type ContactSubmission = ContactPayload & Record<typeof contactHoneypotField, string>;

/** `GET /api/audit`'s filters and its keyset page: `before` is the previous page's `next`. */
export type AuditListQuery = AuditFilter & { before?: number; limit?: number };

/** The invoice form's content, issued (`issue: true`) or kept as a draft. */
export type InvoiceSave = InvoiceContent & { issue: boolean };

/** The quote form's content, kept as a draft („Als Entwurf speichern“) or issued at once (`issue: true`). */
export type QuoteSave = QuoteContent & { issue: boolean };

export interface ApiRoutes {
  "POST /api/register": { body: RegistrationPayload; answer: RegistrationAnswer };
  "POST /api/login": { body: { email: string; password: string }; answer: LoginAnswer };
  "GET /api/session": { answer: SessionAnswer };
  "POST /api/logout": { answer: undefined };
  "POST /api/password": { body: PasswordChange; answer: undefined };
  "POST /api/password-reset": { body: { email: string }; answer: PasswordResetRequestedAnswer };
  "POST /api/password-reset/confirm": { body: { token: string; newPassword: string }; answer: undefined };

  "GET /api/health": { answer: HealthAnswer };

  "GET /api/users": { answer: UserAccountList };
  "PATCH /api/users/:id": { body: UserAccountChange; answer: UserAccountAnswer };
  "DELETE /api/users/:id": { answer: undefined };
  "DELETE /api/users/known-devices": { answer: undefined };
  "DELETE /api/users/:id/known-devices": { answer: undefined };

  "POST /api/contact": { body: ContactSubmission; answer: ContactReceivedAnswer };
  "GET /api/requests": { query: { before?: number | null; limit?: number }; answer: OpenRequestsPage };
  "GET /api/requests/:id": { answer: ContactRequestAnswer };
  "PUT /api/requests/:id/done": { answer: MarkedDoneAnswer };
  "POST /api/requests/:id/reply": { body: { message: string }; answer: RepliedAnswer };
  "POST /api/requests/:id/customer": { body: { customer_id?: number }; answer: TakenOverAnswer };

  "GET /api/outbox": { answer: OutboxList };
  "GET /api/audit": { query: AuditListQuery; answer: AuditPage };
  "GET /api/audit/verify": { answer: AuditVerification };
  "POST /api/outbox/:id/retry": { answer: RetriedMailAnswer };
  "POST /api/operations/backup": { answer: BackupStartedAnswer };

  "GET /api/privacy/cases": { answer: PrivacyCaseList };
  "POST /api/privacy/cases": { body: PrivacyCaseInput; answer: PrivacyCaseAnswer };
  "GET /api/privacy/cases/:id": { answer: PrivacyCaseDetail };
  "PATCH /api/privacy/cases/:id": { body: PrivacyCaseChange; answer: PrivacyCaseAnswer };
  "GET /api/privacy/cases/:id/erasure-plan": { answer: PrivacyErasurePlan };
  "POST /api/privacy/cases/:id/erasure": { answer: PrivacyErasureResult };
  "GET /api/privacy/retention-plan": { answer: PrivacyRetentionPlan };

  "GET /api/customers": { query: PagedListQuery & { tag?: string; after?: number }; answer: CustomerPage };
  "GET /api/customers/tags": { answer: CustomerTagList };
  "POST /api/customers/imports": { body: Blob; answer: CustomerImportPreviewAnswer };
  "POST /api/customers/imports/:id/dry-run": { body: { mapping: CustomerImportMapping }; answer: CustomerImportDryRun };
  "POST /api/customers/imports/:id/run": {
    body: { choices?: Record<string, CustomerImportChoice> };
    answer: CustomerImportResultAnswer;
  };
  "POST /api/customers/imports/:id/undo": { answer: CustomerImportResultAnswer };
  "GET /api/customers/:id": { answer: CustomerDetail };
  "POST /api/customers/:id/contacts": { body: CustomerContactDraft; answer: CustomerContactAnswer };
  "PUT /api/customers/:id/contacts/:contactId": { body: CustomerContactDraft; answer: CustomerContactAnswer };
  "DELETE /api/customers/:id/contacts/:contactId": { answer: undefined };
  "POST /api/customers/:id/tags": { body: { tag: string }; answer: CustomerTagsAnswer };
  "DELETE /api/customers/:id/tags/:tag": { answer: CustomerTagsAnswer };
  "GET /api/customers/:id/timeline": { query: { page?: number; limit?: number }; answer: CustomerTimelinePage };
  "POST /api/customers/:id/timeline": { body: CustomerActivityInput; answer: CustomerActivityAnswer };
  "POST /api/customers/:id/files": { body: CustomerFileLinkInput; answer: CustomerActivityAnswer };
  "DELETE /api/customers/:id/files/:fileId": { answer: undefined };
  "POST /api/customers": { body: CustomerInput; answer: CustomerAnswer };
  "PUT /api/customers/:id": { body: CustomerInput & { id: number }; answer: CustomerAnswer };

  "GET /api/company": { answer: CompanyAnswer };
  "PUT /api/company": { body: CompanySettingsDraft; answer: CompanyAnswer };
  "PUT /api/company/logo": { body: Blob; answer: CompanyAnswer };
  "DELETE /api/company/logo": { answer: CompanyAnswer };
  "GET /api/company/datev": { answer: DatevSettingsAnswer };
  "PUT /api/company/datev": { body: DatevSettingsDraft; answer: DatevSettingsAnswer };
  "GET /api/company/mail-templates": { answer: MailTemplatesAnswer };
  "GET /api/company/mail-templates/:kind": { answer: MailTemplateAnswer };
  "PUT /api/company/mail-templates/:kind": { body: MailTemplate; answer: MailTemplateAnswer };

  "GET /api/invoices": { query: PagedListQuery & { ageing?: string }; answer: InvoicePage };
  "GET /api/quotes": { query: PagedListQuery; answer: QuotePage };
  "GET /api/quotes/:id": { answer: QuoteAnswer };
  "POST /api/quotes": { body: QuoteSave; answer: QuoteAnswer };
  "PUT /api/quotes/:id": { body: QuoteSave; answer: QuoteAnswer };
  "DELETE /api/quotes/:id": { answer: undefined };
  "POST /api/quotes/:id/accept": { answer: QuoteAnswer };
  "POST /api/quotes/:id/reject": { answer: QuoteAnswer };
  "POST /api/quotes/:id/invoice": { body: QuoteConversionInput; answer: QuoteConversionAnswer };
  "GET /api/quotes/:id/mail": { answer: QuoteMailAnswer };
  "GET /api/quotes/:id/sendings": { answer: DocumentSendingsAnswer };
  "POST /api/quotes/:id/mail": { body: SendDocumentMailBody; answer: SentDocumentMailAnswer };
  "GET /api/invoices/report": { answer: InvoiceReport };
  "GET /api/invoices/:id": { answer: InvoiceAnswer };
  "POST /api/invoices": { body: InvoiceSave; answer: InvoiceAnswer };
  "PUT /api/invoices/:id": { body: InvoiceSave; answer: InvoiceAnswer };
  "DELETE /api/invoices/:id": { answer: undefined };
  "POST /api/invoices/:id/cancel": { answer: CancellationAnswer };
  "POST /api/invoices/:id/payment": { body: { paidOn: string }; answer: InvoiceAnswer };
  "POST /api/invoices/:id/payments": { body: PaymentInput; answer: InvoiceAnswer };
  "DELETE /api/invoices/:id/payments/:paymentId": { answer: InvoiceAnswer };
  "GET /api/invoices/:id/mail": { answer: InvoiceMailAnswer };
  "GET /api/invoices/:id/sendings": { answer: InvoiceSendingsAnswer };
  "POST /api/invoices/:id/mail": { body: SendInvoiceMailBody; answer: SentInvoiceMailAnswer };

  "GET /api/recurring-invoices": { answer: RecurringInvoiceList };
  "POST /api/recurring-invoices": { body: RecurringInvoiceInput; answer: RecurringInvoiceAnswer };
  "PUT /api/recurring-invoices/:id": { body: RecurringInvoiceInput; answer: RecurringInvoiceAnswer };
  "POST /api/recurring-invoices/:id/pause": { answer: RecurringInvoiceAnswer };
  "POST /api/recurring-invoices/:id/resume": { answer: RecurringInvoiceAnswer };
  "POST /api/recurring-invoices/:id/end": { answer: RecurringInvoiceAnswer };
  "POST /api/recurring-invoices/run": { answer: RecurringRunReport };
  "POST /api/invoices/:id/reminders": { body: ReminderInput; answer: ReminderMadeAnswer };
  "GET /api/invoices/:id/reminders": { answer: InvoiceRemindersAnswer };
  "POST /api/invoices/reminders": { body: ReminderBatchInput; answer: ReminderBatchAnswer };
  "GET /api/invoices/reminder-settings": { answer: ReminderSettingsAnswer };
  "PUT /api/invoices/reminder-settings": { body: ReminderSettings; answer: ReminderSettingsAnswer };
  "POST /api/invoices/base-rates": { body: BaseRate; answer: ReminderSettingsAnswer };
  "DELETE /api/invoices/base-rates/:validFrom": { answer: ReminderSettingsAnswer };

  "GET /api/folders": { query: { parent_id?: number | null }; answer: FolderList };
  "POST /api/folders": { body: { name: string; parent_id: number | null }; answer: FolderAnswer };
  "PATCH /api/folders/:id": { body: FolderChange; answer: FolderAnswer };
  "DELETE /api/folders/:id": { answer: undefined };
  "GET /api/trash": { query: { page?: number }; answer: TrashList };
  "POST /api/trash/:id/restore": { body: TrashRestoreRequest; answer: TrashRestored };
  "DELETE /api/trash/:id": { answer: undefined };

  "GET /api/files": { query: { folder_id?: number | null }; answer: FileListing };
  "POST /api/files/upload": { body: FormData; answer: FileAnswer };
  "GET /api/files/search": { query: { search: string; page?: number }; answer: FileSearchPage };

  "GET /api/search": { query: { q: string }; answer: SiteSearchAnswer };
  "PATCH /api/files/:id": { body: FileChange; answer: FileAnswer };
  "DELETE /api/files/:id": { answer: undefined };
  "POST /api/files/:id/download-link": { answer: DownloadLink };

  "POST /api/share-links": { body: ShareLinkInput; answer: ShareLinkCreated };
  "GET /api/share-links": { answer: ShareLinkList };
  "GET /api/share-links/:id/accesses": { answer: ShareLinkAccessList };
  "GET /api/share-links/settings": { answer: ShareLinkSettings };
  "PUT /api/share-links/settings": { body: ShareLinkSettings; answer: ShareLinkSettings };
  "DELETE /api/share-links/:id": { answer: undefined };

  "GET /api/releases": { answer: ReleasesOverview };
  "POST /api/releases": { body: ExternalReleaseInput; answer: ReleaseAnswer };
  "POST /api/releases/upload": { query: ReleaseUploadQuery; body: Blob; answer: ReleaseAnswer };
  "POST /api/releases/:remote/activate": { body: { version: string }; answer: RolloutAnswer };
  "POST /api/releases/:remote/canary": { body: { version: string; share: number }; answer: RolloutAnswer };
  "POST /api/releases/:remote/promote": { answer: RolloutAnswer };
  "POST /api/releases/:remote/stop": { answer: RolloutAnswer };
  "DELETE /api/releases/:remote/:version": { answer: undefined };
  "GET /api/deploy-keys": { answer: DeployKeyList };
  "POST /api/deploy-keys": { body: { remote: string; name: string }; answer: CreatedDeployKey };
  "DELETE /api/deploy-keys/:id": { answer: undefined };
  "POST /api/client-errors": { body: ClientErrorInput; answer: undefined };
  "POST /api/client-loads": { body: ClientLoadInput; answer: undefined };
}

/** `"GET /api/customers"`, …: a key of the contract. */
export type ApiRoute = keyof ApiRoutes;

/** What a route answers on success. */
export type ApiAnswer<R extends ApiRoute> = ApiRoutes[R]["answer"];

/** `"id"` for `/api/customers/:id`; never for a path without parameters. */
export type ApiPathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ApiPathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The path parameter names of a route. */
export type ApiRouteParams<R extends ApiRoute> = R extends `${string} ${infer Path}` ? ApiPathParams<Path> : never;
