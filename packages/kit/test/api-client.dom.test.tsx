import { describe, expect, test } from "bun:test";
import type { ApiAnswer, Customer } from "../src";
import { ApiError, callApi } from "../src/browser/api";
import { signIn, stubApi } from "./support/portal-screen";

const customer: Customer = {
  id: 7,
  name: "Gärtnerei Blum",
  email: null,
  phone: null,
  website: null,
  notes: null,
  status: "in_kontakt",
  address: null,
  leitweg_id: null,
  debitor_number: 10007,
};

describe("callApi", () => {
  test("sends the route's method to its path with the parameters filled in, and the body as JSON", async () => {
    signIn();
    const calls = stubApi((call) => ({ json: { customer: { ...customer, ...(call.body as object) } } }));
    const { id: _id, ...input } = customer;
    const answer = await callApi("PUT /api/customers/:id", { params: { id: 7 }, json: { id: 7, ...input } });
    expect(answer.customer.name).toBe("Gärtnerei Blum");
    expect(calls).toHaveLength(1);
    expect(calls[0]?.method).toBe("PUT");
    expect(calls[0]?.path).toBe("/api/customers/7");
    expect(calls[0]?.body).toEqual({ id: 7, ...input });
  });

  test("a query leaves out empty values, as the lists expect; a 204 resolves to undefined", async () => {
    const calls = stubApi((call) =>
      call.method === "DELETE"
        ? new Response(null, { status: 204 })
        : { json: { customers: [], pages: 1, total: 0, total_exact: true } },
    );
    const page = await callApi("GET /api/customers", {
      query: { page: 2, limit: 20, search: "", status: "in_kontakt" },
    });
    expect(page.pages).toBe(1);
    expect(calls[0]?.method).toBe("GET");
    expect(Object.fromEntries(calls[0]?.query ?? [])).toEqual({ page: "2", limit: "20", status: "in_kontakt" });
    expect(await callApi("DELETE /api/invoices/:id", { params: { id: 3 } })).toBeUndefined();
    expect(calls[1]?.path).toBe("/api/invoices/3");
  });

  test("a path parameter is sent encoded, and a refusal is an ApiError with the server's message", async () => {
    const calls = stubApi(() => ({ status: 404, json: { message: "Diese Anfrage gibt es nicht." } }));
    const failed = await callApi("GET /api/requests/:id", { params: { id: "a/b" } }).catch((error: unknown) => error);
    expect(calls[0]?.path).toBe("/api/requests/a%2Fb");
    expect(failed).toBeInstanceOf(ApiError);
    expect((failed as ApiError).status).toBe(404);
    expect((failed as ApiError).message).toBe("Diese Anfrage gibt es nicht.");
  });
});

// The contract types every call: these lines must not compile (checked by `bun run check`).
async function refusedByTheCompiler() {
  // @ts-expect-error: a route the API does not have.
  await callApi("GET /api/customer");
  // @ts-expect-error: the path parameter is missing.
  await callApi("PUT /api/customers/:id", { json: { ...customer } });
  // @ts-expect-error: the body is missing.
  await callApi("POST /api/folders");
  // @ts-expect-error: a body the route does not take.
  await callApi("GET /api/users", { json: {} });
  const folder = await callApi("POST /api/folders", { json: { name: "Verträge", parent_id: null } });
  // @ts-expect-error: the answer is `{ folder }`, typed from the contract.
  folder.file;
  const removed: ApiAnswer<"DELETE /api/files/:id"> = undefined;
  return removed;
}
void refusedByTheCompiler;
