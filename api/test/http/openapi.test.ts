import { afterAll, describe, expect, test } from "bun:test";
import SwaggerParser from "@apidevtools/swagger-parser";
import { todayInGermany } from "@klarwerk/kit";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { OpenAPIV3_1 } from "openapi-types";
import { startFilesTest, upload } from "../storage/upload-helpers.ts";
import { type CallOptions, call, callJson } from "../support/http.ts";
import { invoiceJson, issuableCompany } from "../support/invoices.ts";
import { approve, signedInOwner, testPassword, uniqueEmail } from "../support/users.ts";

// A files test app: its scratch DATA_DIR takes the upload below.
const { app, token, stop } = await startFilesTest({ userName: "Doris Doku" });
afterAll(stop);

const documentAnswer = await callJson<OpenAPIV3_1.Document>(app, "/api/docs/json");
const document = documentAnswer.body;
const paths = document.paths ?? {};

type Method = "get" | "put" | "post" | "delete";
const methods: readonly Method[] = ["get", "put", "post", "delete"];

/** `/api/files/:id/download` → `/api/files/{id}/download`, as the document names paths. */
function documentPath(routePath: string): string {
  return routePath.replace(/:([^/]+)/g, "{$1}");
}

/**
 * Registered routes that are no API operations, left out of the document on purpose:
 * - the web module's catch-alls (a `*` path, and `ALL /api`, the JSON 404 of the bare prefix):
 *   they serve the front-ends' files and answer unknown paths, there is nothing to call;
 * - the documentation itself: its page, Swagger UI's files and the document.
 */
function isUndocumented(route: { method: string; path: string }): boolean {
  const catchAll = route.path.includes("*") || (route.method === "ALL" && route.path === "/api");
  const documentation = route.path === "/api/docs" || route.path.startsWith("/api/docs/");
  // A share link's client pages (decision 0096) answer HTML and files to a browser, not the API's JSON.
  const sharePage = route.path === "/s/:token" || route.path.startsWith("/s/:token/");
  return catchAll || documentation || sharePage;
}

const operations = Object.entries(paths).flatMap(([path, item]) =>
  methods.flatMap((method) => {
    const operation = item?.[method];
    return operation ? [{ path, method, operation }] : [];
  }),
);

function responseOf(operation: OpenAPIV3_1.OperationObject, status: string) {
  return operation.responses?.[status] as OpenAPIV3_1.ResponseObject | undefined;
}

describe("GET /api/docs/json", () => {
  test("is a valid OpenAPI 3.1 document", async () => {
    expect(documentAnswer.status).toBe(200);
    expect(document.openapi).toStartWith("3.1.");
    // validate() resolves references in place: give it a copy.
    await SwaggerParser.validate(structuredClone(document));
  });

  test("documents every route the app registers, with its method", () => {
    const documented = app.routes.filter((route) => !isUndocumented(route));
    expect(documented.length).toBeGreaterThan(15);
    const missing = documented
      .filter((route) => !paths[documentPath(route.path)]?.[route.method.toLowerCase() as Method])
      .map((route) => `${route.method} ${route.path}`);
    expect(missing).toEqual([]);
    // And nothing else: every operation in the document is a route of the app.
    const registered = new Set(documented.map((route) => `${route.method.toLowerCase()} ${documentPath(route.path)}`));
    expect(operations.map(({ path, method }) => `${method} ${path}`).filter((key) => !registered.has(key))).toEqual([]);
  });

  test("every operation has a summary, a success answer and its path parameters", () => {
    for (const { path, method, operation } of operations) {
      const where = `${method} ${path}`;
      expect(operation.summary, where).toBeString();
      const statuses = Object.keys(operation.responses ?? {});
      expect(
        statuses.some((status) => status.startsWith("2")),
        where,
      ).toBe(true);
      const pathParams = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? "");
      const documentedParams = (operation.parameters ?? [])
        .map((parameter) => parameter as OpenAPIV3_1.ParameterObject)
        .filter((parameter) => parameter.in === "path")
        .map((parameter) => parameter.name);
      expect(documentedParams.sort(), where).toEqual(pathParams.sort());
    }
  });

  test("every error answer is the { code, message } shape, with an example where the message is fixed", () => {
    for (const { path, method, operation } of operations) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (Number(status) < 400) continue;
        const json = (response as OpenAPIV3_1.ResponseObject).content?.["application/json"];
        expect(json?.schema, `${method} ${path} ${status}`).toEqual({ $ref: "#/components/schemas/ErrorMessage" });
      }
    }
    expect(document.components?.schemas?.ErrorMessage).toMatchObject({
      type: "object",
      required: ["code", "message"],
      properties: { code: { type: "string" }, message: { type: "string" } },
    });
    const notFound = responseOf(paths["/api/customers/{id}"]?.put ?? {}, "404");
    expect(Object.keys(notFound?.content?.["application/json"]?.examples ?? {})).toEqual([
      "Diesen Kunden gibt es nicht.",
    ]);
  });

  test("routes behind the bearer token say so, with their 401; public ones do not", () => {
    const publicOperations = [
      "post /api/register",
      "post /api/login",
      "post /api/contact",
      "get /api/health",
      "post /api/password-reset",
      "post /api/password-reset/confirm",
      "post /api/client-errors",
      "post /api/client-loads",
    ];
    for (const { path, method, operation } of operations) {
      const key = `${method} ${path}`;
      const bearer = path.startsWith("/api/") && !publicOperations.includes(key) && !path.includes("{ticket}");
      expect(operation.security ?? [], key).toEqual(bearer ? [{ bearerAuth: [] }] : []);
      if (bearer) expect(responseOf(operation, "401"), key).toBeDefined();
    }
  });

  test("request bodies are JSON only (with the JSON limits), but for the streamed uploads", () => {
    for (const { path, method, operation } of operations) {
      const body = operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
      if (method === "get" || method === "delete") {
        expect(body, `${method} ${path}`).toBeUndefined();
        continue;
      }
      if (!body) continue;
      const upload =
        path === "/api/files/upload" ||
        path === "/api/releases/upload" ||
        path === "/api/company/logo" ||
        path === "/api/customers/imports";
      expect(Object.keys(body.content), `${method} ${path}`).toEqual(
        path === "/api/files/upload"
          ? ["multipart/form-data"]
          : path === "/api/releases/upload" || path === "/api/customers/imports"
            ? ["application/octet-stream"]
            : path === "/api/company/logo"
              ? ["image/png", "image/jpeg", "application/octet-stream"]
              : ["application/json"],
      );
      // The body policy's limits, which hold for every JSON body.
      if (!upload) expect(Object.keys(operation.responses ?? {}), `${method} ${path}`).toContain("413");
    }
    for (const path of ["/api/customers", "/api/folders", "/api/login", "/api/register", "/api/contact"]) {
      expect(paths[path]?.post?.requestBody, path).toBeDefined();
    }
  });

  test("no route declares a response schema: answers are documented, not validated at run time", () => {
    // src/http/openapi.ts says why; src/http/errors.ts has no answer for a failed response schema.
    const validated = app.routes.filter((route) => route.hooks?.response !== undefined);
    expect(validated.map((route) => `${route.method} ${route.path}`)).toEqual([]);
  });
});

describe("documented answers are the real ones", () => {
  const ajv = new Ajv2020({ allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ $id: "openapi", $defs: document.components?.schemas });

  /** The schema the document gives for this answer, its `$ref`s pointing into the document. */
  function documentedSchema(path: string, method: Method, status: number) {
    const operation = paths[path]?.[method];
    const schema = operation && responseOf(operation, String(status))?.content?.["application/json"]?.schema;
    if (!schema) throw new Error(`${method} ${path} documents no JSON answer for ${status}`);
    return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"openapi#/$defs/'));
  }

  /** Calls `url`, and checks status and body against the document's `path` and method. */
  async function expectDocumented<T>(path: string, url: string, status: number, options: CallOptions = {}) {
    const answer = await callJson<T>(app, url, { token, ...options });
    const method = (options.method ?? (options.json === undefined ? "GET" : "POST")).toLowerCase() as Method;
    expect(answer.status, `${method} ${url}: ${JSON.stringify(answer.body)}`).toBe(status);
    const validate = ajv.compile(documentedSchema(path, method, status));
    expect(validate(answer.body) ? [] : validate.errors, `${method} ${url}`).toEqual([]);
    return answer.body;
  }

  test("health, accounts, web", async () => {
    await expectDocumented("/api/health", "/api/health", 200);
    const email = uniqueEmail("doku");
    const password = testPassword;
    const registration = { name: "Dora Doku", email, password, confirmPassword: password };
    await expectDocumented("/api/register", "/api/register", 201, { json: registration });
    // A taken address gets the same answer as a new one.
    await expectDocumented("/api/register", "/api/register", 201, { json: registration });
    await expectDocumented("/api/register", "/api/register", 422, {
      json: { ...registration, email: uniqueEmail("doku"), password: "passwort", confirmPassword: "passwort" },
    });
    await expectDocumented("/api/login", "/api/login", 403, { json: { email, password } });
    await expectDocumented("/api/login", "/api/login", 401, { json: { email, password: "falsch123" } });
    await approve(app, email);
    const signedIn = await expectDocumented<{ token: string }>("/api/login", "/api/login", 200, {
      json: { email, password },
    });
    await expectDocumented("/api/session", "/api/session", 200, { token: signedIn.token });
    const newPassword = "Doku-Wechsel-im-Morgengrauen-7";
    await expectDocumented("/api/password", "/api/password", 422, {
      token: signedIn.token,
      json: { currentPassword: "falsch123", newPassword },
    });
    await call(app, "/api/password", {
      token: signedIn.token,
      json: { currentPassword: password, newPassword },
    }).then((answer) => expect(answer.status).toBe(204));
    await call(app, "/api/logout", { method: "POST", token: signedIn.token }).then((answer) =>
      expect(answer.status).toBe(204),
    );
    await expectDocumented("/api/session", "/api/session", 401, { token: signedIn.token });
    const owner = await signedInOwner(app);
    await expectDocumented("/api/users", "/api/users", 200, { token: owner.token });
    await expectDocumented("/api/users", "/api/users", 403);
    await expectDocumented("/api/users/{id}", "/api/users/999999", 404, {
      method: "PATCH",
      json: { status: "active" },
      token: owner.token,
    });
    await expectDocumented("/api/users/{id}", "/api/users/abc", 400, { method: "DELETE", token: owner.token });
    await expectDocumented("/remotes.json", "/remotes.json", 200);
  });

  test("customers, the cached list page included", async () => {
    const created = await expectDocumented<{ customer: { id: number } }>("/api/customers", "/api/customers", 201, {
      json: { name: "Doku GmbH", email: "info@doku.de", website: "doku.de" },
    });
    await expectDocumented("/api/customers", "/api/customers", 422, { json: { name: " " } });
    await expectDocumented("/api/customers", "/api/customers?limit=2", 200);
    await expectDocumented("/api/customers", "/api/customers?limit=2", 200);
    await expectDocumented("/api/customers", "/api/customers?page=0", 400);
    await expectDocumented("/api/customers", "/api/customers", 401, { token: "" });
    const id = created.customer.id;
    const update = { name: "Doku GmbH & Co. KG", status: "vertrag" };
    await expectDocumented("/api/customers/{id}", `/api/customers/${id}`, 200, { method: "PUT", json: update });
    await expectDocumented("/api/customers/{id}", "/api/customers/999999", 404, { method: "PUT", json: update });
  });

  test("folders and files", async () => {
    const created = await expectDocumented<{ folder: { id: number } }>("/api/folders", "/api/folders", 201, {
      json: { name: "Dokumentation", parent_id: null },
    });
    const folderId = created.folder.id;
    await expectDocumented("/api/folders", "/api/folders", 409, { json: { name: "dokumentation" } });
    await expectDocumented("/api/folders", `/api/folders?parent_id=${folderId}`, 200);
    await expectDocumented("/api/folders", "/api/folders", 200);
    await expectDocumented("/api/folders", "/api/folders?parent_id=999999", 404);

    // A type the viewer does not show (decision 0097), so its preview is the documented 415.
    const uploaded = await upload(app, token, { folderId, name: "doku.bin", type: "application/octet-stream" });
    expect(uploaded.status).toBe(201);
    const validate = ajv.compile(documentedSchema("/api/files/upload", "post", 201));
    expect(validate(uploaded.body) ? [] : validate.errors).toEqual([]);
    await expectDocumented("/api/files", `/api/files?folder_id=${folderId}`, 200);
    const fileId = (uploaded.body as { file: { id: number } }).file.id;
    const link = await expectDocumented<{ url: string }>(
      "/api/files/{id}/download-link",
      `/api/files/${fileId}/download-link`,
      200,
      { method: "POST" },
    );
    expect((await call(app, link.url)).status).toBe(200);
    await expectDocumented("/api/files/{id}/preview", `/api/files/${fileId}/preview`, 415);
    await expectDocumented("/api/files/{id}", "/api/files/abc", 400, { method: "DELETE" });
  });

  test("company settings and invoices", async () => {
    await expectDocumented("/api/company", "/api/company", 200);
    const admin = (await signedInOwner(app)).token;
    await expectDocumented("/api/company", "/api/company", 403, { method: "PUT", json: issuableCompany });
    await expectDocumented("/api/company", "/api/company", 422, { method: "PUT", json: { name: "" }, token: admin });
    await expectDocumented("/api/company", "/api/company", 200, { method: "PUT", json: issuableCompany, token: admin });
    const draft = await expectDocumented<{ invoice: { id: number } }>("/api/invoices", "/api/invoices", 201, {
      json: invoiceJson(),
    });
    const issued = await expectDocumented<{ invoice: { id: number } }>("/api/invoices", "/api/invoices", 201, {
      json: invoiceJson({ issue: true }),
    });
    await expectDocumented("/api/invoices", "/api/invoices", 422, {
      json: invoiceJson({ issue: true, recipient: "" }),
    });
    await expectDocumented("/api/invoices", "/api/invoices?limit=2", 200);
    await expectDocumented("/api/invoices", "/api/invoices?status=x", 400);
    await expectDocumented("/api/invoices/{id}", `/api/invoices/${draft.invoice.id}`, 200);
    await expectDocumented("/api/invoices/{id}", "/api/invoices/999999", 404);
    await expectDocumented("/api/invoices/{id}", `/api/invoices/${draft.invoice.id}`, 200, {
      method: "PUT",
      json: invoiceJson(),
    });
    await expectDocumented("/api/invoices/{id}", `/api/invoices/${issued.invoice.id}`, 409, {
      method: "PUT",
      json: invoiceJson(),
    });
    await expectDocumented("/api/invoices/{id}", `/api/invoices/${issued.invoice.id}`, 409, { method: "DELETE" });
    await expectDocumented("/api/invoices/{id}/payment", `/api/invoices/${issued.invoice.id}/payment`, 200, {
      json: { paidOn: todayInGermany() },
    });
    await expectDocumented("/api/invoices/{id}/pdf", `/api/invoices/${draft.invoice.id}/pdf`, 409);
    expect((await call(app, `/api/invoices/${issued.invoice.id}/pdf`, { token })).status).toBe(200);
    await expectDocumented("/api/invoices/{id}/cancel", `/api/invoices/${issued.invoice.id}/cancel`, 201, {
      method: "POST",
    });
    await expectDocumented("/api/invoices/{id}/cancel", `/api/invoices/${issued.invoice.id}/cancel`, 409, {
      method: "POST",
    });
  });

  test("contact requests", async () => {
    await expectDocumented("/api/contact", "/api/contact", 201, {
      token: "",
      json: { name: "Doris", email: "doris@example.com", message: "Bitte rufen Sie mich an." },
    });
    const page = await expectDocumented<{ requests: { id: number }[] }>("/api/requests", "/api/requests", 200);
    const id = page.requests[0]?.id;
    expect(id).toBeNumber();
    await expectDocumented("/api/requests/{id}/done", `/api/requests/${id}/done`, 200, { method: "PUT" });
    await expectDocumented("/api/requests/{id}/done", `/api/requests/${id}/done`, 409, { method: "PUT" });
    await expectDocumented("/api/requests/{id}/reply", `/api/requests/${id}/reply`, 201, {
      json: { message: "Danke!" },
    });
    await expectDocumented("/api/requests/{id}", `/api/requests/${id}`, 200);
    const owner = await signedInOwner(app);
    await expectDocumented("/api/outbox", "/api/outbox", 200, { token: owner.token });
    await expectDocumented("/api/password-reset", "/api/password-reset", 202, {
      token: "",
      json: { email: "niemand@example.com" },
    });
    await expectDocumented("/api/password-reset/confirm", "/api/password-reset/confirm", 400, {
      token: "",
      json: { token: "abc", newPassword: testPassword },
    });
  });

  test("Datenschutz-Anfragen", async () => {
    const { token: admin } = await signedInOwner(app);
    const created = await expectDocumented<{ case: { id: number } }>("/api/privacy/cases", "/api/privacy/cases", 201, {
      token: admin,
      json: { email: "doris@example.com", name: "Doris", kind: "both" },
    });
    await expectDocumented("/api/privacy/cases", "/api/privacy/cases", 422, {
      token: admin,
      json: { email: "doris", kind: "both" },
    });
    const id = created.case.id;
    await expectDocumented("/api/privacy/cases", "/api/privacy/cases", 200, { token: admin });
    await expectDocumented("/api/privacy/cases/{id}", `/api/privacy/cases/${id}`, 200, { token: admin });
    await expectDocumented("/api/privacy/cases/{id}", "/api/privacy/cases/999999", 404, { token: admin });
    await expectDocumented("/api/privacy/cases/{id}", `/api/privacy/cases/${id}`, 200, {
      token: admin,
      method: "PATCH",
      json: { status: "in_progress" },
    });
    await expectDocumented("/api/privacy/cases/{id}", `/api/privacy/cases/${id}`, 403, { method: "GET" });
  });
});

describe("GET /api/docs", () => {
  test("is Swagger UI for the document, with every script and style from this origin", async () => {
    const page = await call(app, "/api/docs");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toStartWith("text/html");
    expect(page.headers.get("content-security-policy")).toContain("default-src 'self'");
    const html = await page.text();
    expect(html).toContain('url: "/api/docs/json"');

    const references = [...html.matchAll(/\b(?:src|href)="([^"]*)"/g)].map((match) => match[1] ?? "");
    expect(references.length).toBe(2);
    for (const reference of references) {
      expect(reference).toStartWith("/api/docs/assets/");
      const asset = await call(app, reference);
      expect(asset.status, reference).toBe(200);
      expect(asset.headers.get("content-type"), reference).toMatch(/^(text\/css|text\/javascript)/);
      expect(asset.headers.get("cache-control"), reference).toBe("no-cache");
    }
  });

  test("answers nothing else from node_modules", async () => {
    for (const path of ["/api/docs/assets/package.json", "/api/docs/assets/..%2Fpackage.json", "/api/docs/assets/"]) {
      const answer = await callJson(app, path);
      expect(answer.status, path).toBe(404);
      expect(answer.body).toEqual({ code: "not-found", message: "Nicht gefunden." });
    }
  });
});
