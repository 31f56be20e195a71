import { expect } from "bun:test";
import type { Customer } from "@klarwerk/kit";
import { callJson, type Handler } from "./http.ts";

/**
 * A customer created through `POST /api/customers` as a signed-in user would (201 asserted);
 * without a name, a unique one („Kunde 1a2b3c4d“).
 */
export async function createdCustomer(
  app: Handler,
  token: string,
  json: Record<string, unknown> = {},
): Promise<Customer> {
  const answer = await callJson<{ customer: Customer }>(app, "/api/customers", {
    token,
    json: { name: `Kunde ${crypto.randomUUID().slice(0, 8)}`, ...json },
  });
  expect(answer.status).toBe(201);
  return answer.body.customer;
}
