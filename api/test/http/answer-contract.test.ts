/**
 * The one contract between the API and the browser: the kit's route map (`ApiRoutes` in
 * packages/kit/src/api-routes.ts) names every JSON route's answer type, the browser's `callApi`
 * takes its types from there, and here each route is bound to the schema the API documents for
 * it. The compiler checks that this table has every route of the map, that each schema's static
 * type is exactly the route's answer type (both ways), and that `schemaOf` refuses a schema that
 * drifts from its kit type; the tests check that the document describes each route with exactly
 * that schema. test/http/openapi.test.ts checks real answers against the document.
 */
import { describe, expect, test } from "bun:test";
import type { ApiAnswer, ApiRoute, Customer, CustomerAnswer, CustomerPage } from "@klarwerk/kit";
import { type Static, type TSchema, Type } from "@sinclair/typebox";
import type { OpenAPIV3_1 } from "openapi-types";
import { nullable, type Same, schemaOf } from "../../src/http/openapi.ts";
import { listAuditRoute, verifyAuditRoute } from "../../src/modules/audit/model.ts";
import {
  changePasswordRoute,
  loginRoute,
  logoutRoute,
  registerRoute,
  sessionRoute,
} from "../../src/modules/auth/model.ts";
import {
  readCompanyRoute,
  readDatevRoute,
  removeLogoRoute,
  saveCompanyRoute,
  saveDatevRoute,
  uploadLogoRoute,
} from "../../src/modules/company/model.ts";
import {
  markDoneRoute,
  openRequestsRoute,
  replyRoute,
  requestDetailRoute,
  sendContactRoute,
  takeOverRoute,
} from "../../src/modules/contact-requests/model.ts";
import {
  dryRunRoute,
  prepareImportRoute,
  runImportRoute,
  undoImportRoute,
} from "../../src/modules/customers/import-model.ts";
import {
  createCustomerRoute,
  customerSchema,
  listCustomersRoute,
  updateCustomerRoute,
} from "../../src/modules/customers/model.ts";
import {
  addContactRoute,
  addTagRoute,
  changeContactRoute,
  customerDetailRoute,
  linkFileRoute,
  listTagsRoute,
  logActivityRoute,
  removeContactRoute,
  removeTagRoute,
  timelineRoute,
  unlinkFileRoute,
} from "../../src/modules/customers/page-model.ts";
import {
  changeFileRoute,
  deleteFileRoute,
  downloadLinkRoute,
  listFilesRoute,
  searchFilesRoute,
  uploadFileRoute,
} from "../../src/modules/files/model.ts";
import {
  changeFolderRoute,
  createFolderRoute,
  deleteFolderRoute,
  listFoldersRoute,
} from "../../src/modules/folders/model.ts";
import {
  addPaymentRoute,
  cancelInvoiceRoute,
  createInvoiceRoute,
  deleteInvoiceRoute,
  deletePaymentRoute,
  listInvoicesRoute,
  readInvoiceRoute,
  recordPaymentRoute,
  replaceInvoiceRoute,
  reportRoute,
} from "../../src/modules/invoices/model.ts";
import {
  batchRemindersRoute,
  deleteBaseRateRoute,
  listRemindersRoute,
  makeReminderRoute,
  readReminderSettingsRoute,
  saveBaseRateRoute,
  saveReminderSettingsRoute,
} from "../../src/modules/invoices/reminder-model.ts";
import { backupRoute, healthRoute } from "../../src/modules/operations/model.ts";
import { listOutboxRoute, retryMailRoute } from "../../src/modules/outbox/model.ts";
import { confirmResetRoute, requestResetRoute } from "../../src/modules/password-reset/model.ts";
import {
  changeCaseRoute,
  createCaseRoute,
  erasurePlanRoute,
  erasureRoute,
  listCasesRoute,
  retentionPlanRoute,
  showCaseRoute,
} from "../../src/modules/privacy/model.ts";
import {
  acceptQuoteRoute,
  convertQuoteRoute,
  createQuoteRoute,
  deleteQuoteRoute,
  listQuotesRoute,
  readQuoteRoute,
  rejectQuoteRoute,
  replaceQuoteRoute,
} from "../../src/modules/quotes/model.ts";
import {
  changeRoute as changeRecurringRoute,
  createRoute as createRecurringRoute,
  endRoute as endRecurringRoute,
  listRoute as listRecurringRoute,
  pauseRoute as pauseRecurringRoute,
  resumeRoute as resumeRecurringRoute,
  runNowRoute as runRecurringRoute,
} from "../../src/modules/recurring-invoices/model.ts";
import {
  activateReleaseRoute,
  clientErrorRoute,
  clientLoadRoute,
  createDeployKeyRoute,
  deleteReleaseRoute,
  externalReleaseRoute,
  listDeployKeysRoute,
  promoteCanaryRoute,
  releasesOverviewRoute,
  revokeDeployKeyRoute,
  startCanaryRoute,
  stopCanaryRoute,
  uploadReleaseRoute,
} from "../../src/modules/releases/model.ts";
import { siteSearchRoute } from "../../src/modules/search/model.ts";
import {
  invoiceMailRoute,
  invoiceSendingsRoute,
  quoteMailRoute,
  quoteSendingsRoute,
  readTemplateRoute,
  readTemplatesRoute,
  saveTemplateRoute,
  sendInvoiceMailRoute,
  sendQuoteMailRoute,
} from "../../src/modules/sending/model.ts";
import {
  createShareLinkRoute,
  listShareLinksRoute,
  revokeShareLinkRoute,
  saveShareLinkSettingsRoute,
  shareLinkAccessesRoute,
  shareLinkSettingsRoute,
} from "../../src/modules/share-links/model.ts";
import { listTrashRoute, purgeTrashRoute, restoreTrashRoute } from "../../src/modules/trash/model.ts";
import {
  changeAccountRoute,
  deleteAccountRoute,
  forgetAllDevicesRoute,
  forgetDevicesRoute,
  listAccountsRoute,
} from "../../src/modules/users/model.ts";
import { startAppTest } from "../support/app.ts";
import { callJson } from "../support/http.ts";

/**
 * Each route of the kit's map and the schema of its success answer (a module's route definition
 * names it: `endpoint()` in src/http/endpoint.ts); null: a 204 without a body.
 */
const answerSchemas = {
  "POST /api/register": registerRoute.answer,
  "POST /api/login": loginRoute.answer,
  "GET /api/session": sessionRoute.answer,
  "POST /api/logout": logoutRoute.answer,
  "POST /api/password": changePasswordRoute.answer,
  "POST /api/password-reset": requestResetRoute.answer,
  "POST /api/password-reset/confirm": confirmResetRoute.answer,
  "GET /api/health": healthRoute.answer,
  "GET /api/users": listAccountsRoute.answer,
  "PATCH /api/users/:id": changeAccountRoute.answer,
  "DELETE /api/users/:id": deleteAccountRoute.answer,
  "DELETE /api/users/known-devices": forgetAllDevicesRoute.answer,
  "DELETE /api/users/:id/known-devices": forgetDevicesRoute.answer,
  "POST /api/contact": sendContactRoute.answer,
  "GET /api/requests": openRequestsRoute.answer,
  "GET /api/requests/:id": requestDetailRoute.answer,
  "PUT /api/requests/:id/done": markDoneRoute.answer,
  "POST /api/requests/:id/reply": replyRoute.answer,
  "POST /api/requests/:id/customer": takeOverRoute.answer,
  "GET /api/outbox": listOutboxRoute.answer,
  "POST /api/outbox/:id/retry": retryMailRoute.answer,
  "POST /api/operations/backup": backupRoute.answer,
  "GET /api/audit": listAuditRoute.answer,
  "GET /api/audit/verify": verifyAuditRoute.answer,
  "GET /api/customers": listCustomersRoute.answer,
  "POST /api/customers": createCustomerRoute.answer,
  "PUT /api/customers/:id": updateCustomerRoute.answer,
  "GET /api/customers/tags": listTagsRoute.answer,
  "POST /api/customers/imports": prepareImportRoute.answer,
  "POST /api/customers/imports/:id/dry-run": dryRunRoute.answer,
  "POST /api/customers/imports/:id/run": runImportRoute.answer,
  "POST /api/customers/imports/:id/undo": undoImportRoute.answer,
  "GET /api/customers/:id": customerDetailRoute.answer,
  "POST /api/customers/:id/contacts": addContactRoute.answer,
  "PUT /api/customers/:id/contacts/:contactId": changeContactRoute.answer,
  "DELETE /api/customers/:id/contacts/:contactId": removeContactRoute.answer,
  "POST /api/customers/:id/tags": addTagRoute.answer,
  "DELETE /api/customers/:id/tags/:tag": removeTagRoute.answer,
  "GET /api/customers/:id/timeline": timelineRoute.answer,
  "POST /api/customers/:id/timeline": logActivityRoute.answer,
  "POST /api/customers/:id/files": linkFileRoute.answer,
  "DELETE /api/customers/:id/files/:fileId": unlinkFileRoute.answer,
  "GET /api/company": readCompanyRoute.answer,
  "PUT /api/company": saveCompanyRoute.answer,
  "PUT /api/company/logo": uploadLogoRoute.answer,
  "DELETE /api/company/logo": removeLogoRoute.answer,
  "GET /api/company/datev": readDatevRoute.answer,
  "PUT /api/company/datev": saveDatevRoute.answer,
  "GET /api/company/mail-templates": readTemplatesRoute.answer,
  "GET /api/company/mail-templates/:kind": readTemplateRoute.answer,
  "PUT /api/company/mail-templates/:kind": saveTemplateRoute.answer,
  "GET /api/invoices/:id/mail": invoiceMailRoute.answer,
  "GET /api/invoices/:id/sendings": invoiceSendingsRoute.answer,
  "POST /api/invoices/:id/mail": sendInvoiceMailRoute.answer,
  "GET /api/invoices": listInvoicesRoute.answer,
  "GET /api/invoices/:id": readInvoiceRoute.answer,
  "POST /api/invoices": createInvoiceRoute.answer,
  "PUT /api/invoices/:id": replaceInvoiceRoute.answer,
  "DELETE /api/invoices/:id": deleteInvoiceRoute.answer,
  "POST /api/invoices/:id/cancel": cancelInvoiceRoute.answer,
  "POST /api/invoices/:id/payment": recordPaymentRoute.answer,
  "POST /api/invoices/:id/payments": addPaymentRoute.answer,
  "DELETE /api/invoices/:id/payments/:paymentId": deletePaymentRoute.answer,
  "GET /api/invoices/report": reportRoute.answer,
  "GET /api/recurring-invoices": listRecurringRoute.answer,
  "POST /api/recurring-invoices": createRecurringRoute.answer,
  "PUT /api/recurring-invoices/:id": changeRecurringRoute.answer,
  "POST /api/recurring-invoices/:id/pause": pauseRecurringRoute.answer,
  "POST /api/recurring-invoices/:id/resume": resumeRecurringRoute.answer,
  "POST /api/recurring-invoices/:id/end": endRecurringRoute.answer,
  "POST /api/recurring-invoices/run": runRecurringRoute.answer,
  "GET /api/quotes": listQuotesRoute.answer,
  "GET /api/quotes/:id": readQuoteRoute.answer,
  "POST /api/quotes": createQuoteRoute.answer,
  "PUT /api/quotes/:id": replaceQuoteRoute.answer,
  "DELETE /api/quotes/:id": deleteQuoteRoute.answer,
  "POST /api/quotes/:id/accept": acceptQuoteRoute.answer,
  "POST /api/quotes/:id/reject": rejectQuoteRoute.answer,
  "POST /api/quotes/:id/invoice": convertQuoteRoute.answer,
  "GET /api/quotes/:id/mail": quoteMailRoute.answer,
  "GET /api/quotes/:id/sendings": quoteSendingsRoute.answer,
  "POST /api/quotes/:id/mail": sendQuoteMailRoute.answer,
  "POST /api/invoices/:id/reminders": makeReminderRoute.answer,
  "GET /api/invoices/:id/reminders": listRemindersRoute.answer,
  "POST /api/invoices/reminders": batchRemindersRoute.answer,
  "GET /api/invoices/reminder-settings": readReminderSettingsRoute.answer,
  "PUT /api/invoices/reminder-settings": saveReminderSettingsRoute.answer,
  "POST /api/invoices/base-rates": saveBaseRateRoute.answer,
  "DELETE /api/invoices/base-rates/:validFrom": deleteBaseRateRoute.answer,
  "GET /api/folders": listFoldersRoute.answer,
  "POST /api/folders": createFolderRoute.answer,
  "PATCH /api/folders/:id": changeFolderRoute.answer,
  "DELETE /api/folders/:id": deleteFolderRoute.answer,
  "GET /api/trash": listTrashRoute.answer,
  "POST /api/trash/:id/restore": restoreTrashRoute.answer,
  "DELETE /api/trash/:id": purgeTrashRoute.answer,
  "GET /api/files": listFilesRoute.answer,
  "POST /api/files/upload": uploadFileRoute(1).answer,
  "GET /api/files/search": searchFilesRoute.answer,
  "GET /api/search": siteSearchRoute.answer,
  "PATCH /api/files/:id": changeFileRoute.answer,
  "DELETE /api/files/:id": deleteFileRoute.answer,
  "POST /api/files/:id/download-link": downloadLinkRoute.answer,
  "POST /api/share-links": createShareLinkRoute.answer,
  "GET /api/share-links": listShareLinksRoute.answer,
  "GET /api/share-links/:id/accesses": shareLinkAccessesRoute.answer,
  "DELETE /api/share-links/:id": revokeShareLinkRoute.answer,
  "GET /api/share-links/settings": shareLinkSettingsRoute.answer,
  "PUT /api/share-links/settings": saveShareLinkSettingsRoute.answer,
  "GET /api/releases": releasesOverviewRoute.answer,
  "POST /api/releases": externalReleaseRoute.answer,
  "POST /api/releases/upload": uploadReleaseRoute.answer,
  "POST /api/releases/:remote/activate": activateReleaseRoute.answer,
  "POST /api/releases/:remote/canary": startCanaryRoute.answer,
  "POST /api/releases/:remote/promote": promoteCanaryRoute.answer,
  "POST /api/releases/:remote/stop": stopCanaryRoute.answer,
  "DELETE /api/releases/:remote/:version": deleteReleaseRoute.answer,
  "GET /api/deploy-keys": listDeployKeysRoute.answer,
  "POST /api/deploy-keys": createDeployKeyRoute.answer,
  "DELETE /api/deploy-keys/:id": revokeDeployKeyRoute.answer,
  "POST /api/client-errors": clientErrorRoute.answer,
  "POST /api/client-loads": clientLoadRoute.answer,
  "GET /api/privacy/cases": listCasesRoute.answer,
  "POST /api/privacy/cases": createCaseRoute.answer,
  "GET /api/privacy/cases/:id": showCaseRoute.answer,
  "PATCH /api/privacy/cases/:id": changeCaseRoute.answer,
  "GET /api/privacy/cases/:id/erasure-plan": erasurePlanRoute.answer,
  "POST /api/privacy/cases/:id/erasure": erasureRoute.answer,
  "GET /api/privacy/retention-plan": retentionPlanRoute.answer,
} satisfies Record<ApiRoute, TSchema | null>;

type Schemas = typeof answerSchemas;
/** The routes whose schema does not describe exactly the kit's answer type; `never` when all do. */
type Drifted = {
  [R in ApiRoute]: (
    Schemas[R] extends TSchema
      ? Same<Static<Schemas[R]>, ApiAnswer<R>>
      : Same<ApiAnswer<R>, undefined>
  ) extends true
    ? never
    : R;
}[ApiRoute];
const noRouteDrifted: [Drifted] extends [never] ? true : Drifted = true;
void noRouteDrifted;

// `schemaOf` refuses a schema that is not exactly its kit type, whichever side drifted.
const customerFields = customerSchema.properties;
schemaOf<Customer>()(Type.Object(customerFields));
const { leitweg_id: _left, ...withoutField } = customerFields;
// @ts-expect-error: the schema lacks a field of the kit's type.
schemaOf<Customer>()(Type.Object(withoutField));
// @ts-expect-error: the schema has a field the kit's type does not.
schemaOf<Customer>()(Type.Object({ ...customerFields, vip: Type.Boolean() }));
// @ts-expect-error: a field the kit's type requires is optional in the schema.
schemaOf<Customer>()(Type.Object({ ...customerFields, leitweg_id: Type.Optional(nullable(Type.String())) }));
// @ts-expect-error: a field of another type (the kit says string or null).
schemaOf<Customer>()(Type.Object({ ...customerFields, notes: Type.String() }));
// @ts-expect-error: an answer wrapper with the wrong name.
schemaOf<CustomerAnswer>()(Type.Object({ client: Type.Object(customerFields) }));
// @ts-expect-error: a list page without its count.
schemaOf<CustomerPage>()(Type.Object({ customers: Type.Array(Type.Object(customerFields)), pages: Type.Integer() }));

const { app } = await startAppTest();
const document = (await callJson<OpenAPIV3_1.Document>(app, "/api/docs/json")).body;

/** `POST /api/files/:id/download-link` → the document's path item and method. */
function operationOf(route: string) {
  const [method = "", path = ""] = route.split(" ");
  const documentPath = path.replace(/:([^/]+)/g, "{$1}");
  const item = document.paths?.[documentPath] as Record<string, OpenAPIV3_1.OperationObject> | undefined;
  return item?.[method.toLowerCase()];
}

function successOf(operation: OpenAPIV3_1.OperationObject) {
  return Object.entries(operation.responses ?? {}).filter(([status]) => status.startsWith("2")) as [
    string,
    OpenAPIV3_1.ResponseObject,
  ][];
}

describe("the kit's route map and the API's document", () => {
  test("every route of the map is documented with the schema bound to its answer type", () => {
    for (const [route, schema] of Object.entries(answerSchemas)) {
      const operation = operationOf(route);
      expect(operation, route).toBeDefined();
      const successes = successOf(operation ?? {});
      expect(successes, route).toHaveLength(1);
      const [status, response] = successes[0] ?? ["", {}];
      if (schema === null) {
        expect([route, status, response.content]).toEqual([route, "204", undefined]);
      } else {
        const documented = response.content?.["application/json"]?.schema;
        expect(documented, route).toEqual(JSON.parse(JSON.stringify(schema)));
      }
    }
  });

  test("every documented JSON answer is a route of the map, so no call can be typed by hand", () => {
    const mapped = new Set(Object.keys(answerSchemas));
    const unmapped: string[] = [];
    // Not /remotes.json: the front-ends' registry, read by the shell's federation runtime.
    const apiPaths = Object.entries(document.paths ?? {}).filter(([path]) => path.startsWith("/api/"));
    for (const [path, item] of apiPaths) {
      for (const [method, operation] of Object.entries(item ?? {}) as [string, OpenAPIV3_1.OperationObject][]) {
        const json = successOf(operation).some(([status, response]) =>
          status === "204" ? true : response.content?.["application/json"] !== undefined,
        );
        const route = `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ":$1")}`;
        if (json && !mapped.has(route)) unmapped.push(route);
      }
    }
    expect(unmapped).toEqual([]);
  });
});
