import { httpMessages } from "../../http/messages.ts";
import { errorResponses, jsonBodyErrors, jsonResponse } from "../../http/openapi.ts";
import { usersApiMessages as messages } from "./messages.ts";
import { changedAccountSchema, userAccountListSchema } from "./responses.ts";

/** The OpenAPI `detail` of each route of the users module (routes.ts). */

const tags = ["User administration"];

/** How routes.ts names the `:id` (the id-param macro documents it and its 400). */
export const accountIdParam = { description: "The account's id, a positive integer.", invalid: messages.invalidId };

const targetErrors = errorResponses({
  404: { "user-not-found": [messages.notFound] },
  409: { "last-admin": [messages.lastAdmin], "own-account": [messages.ownAccount] },
});

export const listDocs = {
  summary: "Every account and access request",
  tags,
  responses: { 200: jsonResponse("The accounts.", userAccountListSchema) },
};

export const changeDocs = {
  summary: "Approve, disable, unlock, promote or demote an account",
  tags,
  responses: {
    200: jsonResponse("The account as it is now.", changedAccountSchema),
    ...jsonBodyErrors,
    ...targetErrors,
    ...errorResponses({
      422: {
        validation: [
          messages.invalidStatus,
          messages.invalidRole,
          messages.nothingToChange,
          httpMessages.notJsonObject,
        ],
      },
    }),
  },
};

export const deleteDocs = {
  summary: "Reject an access request or remove an account (its work stays, under the name it had)",
  tags,
  responses: { 204: { description: "Deleted." }, ...targetErrors },
};

export const forgetAllDevicesDocs = {
  summary: "Forget every account's known browsers: none passes the per-account sign-in limit any more",
  tags,
  responses: { 204: { description: "Forgotten; each browser is known again after its next sign-in." } },
};

export const forgetDevicesDocs = {
  summary: "Forget one account's known browsers: none passes the per-account sign-in limit any more",
  tags,
  responses: {
    204: { description: "Forgotten; each browser is known again after its next sign-in." },
    ...errorResponses({ 404: { "user-not-found": [messages.notFound] } }),
  },
};
