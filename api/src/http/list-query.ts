import { Type } from "@sinclair/typebox";
import type { OpenAPIV3 } from "openapi-types";
import { HttpError } from "./errors.ts";
import { pagingParam } from "./ids.ts";
import { httpMessages } from "./messages.ts";
import { queryParameter, stringEnum } from "./openapi.ts";

/** A paged, searchable, status-filtered list's query: `?page=&limit=&search=&status=`. */
export interface ListQuery<Status extends string> {
  page: number;
  limit: number;
  /** Trimmed; null for none. */
  search: string | null;
  status: Status | null;
}

/** What one list allows, and the module's own words for what it refuses. */
export interface ListQueryRules<Status extends string> {
  statuses: readonly Status[];
  isStatus: (value: unknown) => value is Status;
  searchMax: number;
  paging: { defaultLimit: number; maxLimit: number };
  messages: { invalidLimit: string; invalidSearch: string; invalidStatusFilter: string };
}

/** Pages far beyond any real list still answer (empty) rather than overflow the offset. */
const maxPage = 1_000_000_000;

/** Every parameter is optional; a malformed or out-of-range value is a 400 in the module's words. */
export function parseListQuery<Status extends string>(
  query: Record<string, unknown>,
  { isStatus, searchMax, paging, messages }: ListQueryRules<Status>,
): ListQuery<Status> {
  const { page, limit, search, status } = query;
  const term = search === undefined ? "" : search;
  if (typeof term !== "string") throw new HttpError(400, "invalid-query", messages.invalidSearch);
  const trimmed = term.trim();
  if (trimmed.length > searchMax) throw new HttpError(400, "invalid-query", messages.invalidSearch);
  if (status !== undefined && status !== "" && !isStatus(status)) {
    throw new HttpError(400, "invalid-query", messages.invalidStatusFilter);
  }
  return {
    page: pagingParam(page, { fallback: 1, max: maxPage }, httpMessages.invalidPage),
    limit: pagingParam(limit, { fallback: paging.defaultLimit, max: paging.maxLimit }, messages.invalidLimit),
    search: trimmed === "" ? null : trimmed,
    status: isStatus(status) ? status : null,
  };
}

/** How one list's query is described in the API document: what its items are and how a search matches. */
export interface ListQueryText {
  items: string;
  search: string;
}

/** The query parameters and 400 answers of a list, from the same rules that parse them. */
export function listQueryDocs<Status extends string>(
  { statuses, searchMax, paging, messages }: ListQueryRules<Status>,
  { items, search }: ListQueryText,
): { parameters: OpenAPIV3.ParameterObject[]; badRequest: string[] } {
  return {
    parameters: [
      queryParameter("page", "The page, from 1.", Type.Integer({ minimum: 1, default: 1 })),
      queryParameter(
        "limit",
        `${items} per page.`,
        Type.Integer({ minimum: 1, maximum: paging.maxLimit, default: paging.defaultLimit }),
      ),
      queryParameter("search", search, Type.String({ maxLength: searchMax })),
      queryParameter("status", `Only ${items.toLowerCase()} with this status; empty for all.`, stringEnum(statuses)),
    ],
    badRequest: [httpMessages.invalidPage, messages.invalidLimit, messages.invalidSearch, messages.invalidStatusFilter],
  };
}
