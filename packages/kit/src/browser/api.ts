import type { ApiAnswer, ApiRoute, ApiRouteParams, ApiRoutes } from "../api-routes";
import { type ApiErrorCode, type ClientErrorCode, isApiErrorCode } from "../error-codes";
import { appMessages } from "../messages";
import { currentToken, endSession } from "./session";

/**
 * Every failed call surfaces as this, carrying the server's German `message` and its `code`.
 * Screens branch on `code` (stable), never on the status or the text.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The server's `code`; `network` when no answer came, `unreadable` when it was not the API's JSON. */
    readonly code: ApiErrorCode | ClientErrorCode,
  ) {
    super(message);
    this.name = "ApiError";
  }

  /** True when `message` is the server's own, not a status text or the network message. */
  get fromServer(): boolean {
    return this.code !== "network" && this.code !== "unreadable";
  }
}

/** Base address from the build setting PUBLIC_API_BASE; same origin when unset. */
export const apiBase: string = (import.meta.env.PUBLIC_API_BASE ?? "").replace(/\/+$/, "");

export interface ApiRequest {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as is (FormData, Blob); wins over `json`. */
  body?: BodyInit;
  query?: Record<string, string | number | null | undefined>;
  signal?: AbortSignal;
  /** The bearer token to send instead of the session's: logout sends the one it has just ended. */
  token?: string;
}

export function apiUrl(path: string, query?: ApiRequest["query"]): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  const search = params.size > 0 ? `?${params}` : "";
  return `${apiBase}${path}${search}`;
}

/** Headers every call carries: the bearer token whenever one exists. */
export function authHeaders(): Record<string, string> {
  const token = currentToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/**
 * The `{ code, message }` of an error answer, or the status text when the answer is not ours. A
 * message with a code this build does not know (a newer server) is still shown, as `unreadable`.
 */
export function errorOf(status: number, statusText: string, body: unknown): ApiError {
  const { code, message } = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
  if (typeof message === "string" && isApiErrorCode(code)) return new ApiError(status, message, code);
  return new ApiError(status, typeof message === "string" ? message : statusText || `HTTP ${status}`, "unreadable");
}

async function errorOfResponse(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy's error page, say): the status text.
  }
  return errorOf(response.status, response.statusText, body);
}

/** Calls the API and returns the raw response, throwing ApiError on any non-2xx status. */
export async function apiFetch(path: string, request: ApiRequest = {}): Promise<Response> {
  const token = request.token ?? currentToken();
  const headers: Record<string, string> = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body = request.body;
  if (body === undefined && request.json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(request.json);
  }
  let response: Response;
  try {
    response = await fetch(apiUrl(path, request.query), {
      method: request.method ?? (body === undefined ? "GET" : "POST"),
      headers,
      body,
      signal: request.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, appMessages.networkError, "network");
  }
  if (!response.ok) {
    const error = await errorOfResponse(response);
    // A token the server no longer accepts (logged out, account locked, password changed elsewhere,
    // expired) ends the session, so the protected routes send the user to /login instead of
    // showing errors everywhere. Only while it is still the session's token: an answer that
    // arrives after a new login must not end the new session.
    if (response.status === 401 && token && token === currentToken()) endSession();
    throw error;
  }
  return response;
}

/** The options of one call of `route`: its path parameters, body and query as the contract types them. */
export type ApiCallOptions<R extends ApiRoute> = Pick<ApiRequest, "signal" | "token"> &
  ([ApiRouteParams<R>] extends [never] ? { params?: never } : { params: Record<ApiRouteParams<R>, number | string> }) &
  (ApiRoutes[R] extends { body: infer Body } ? { json: Body } : { json?: never }) &
  (ApiRoutes[R] extends { query: infer Query } ? { query?: Query } : { query?: never });

/** The options argument, optional when the route needs neither parameters nor a body. */
type ApiCallArguments<R extends ApiRoute> =
  object extends ApiCallOptions<R> ? [options?: ApiCallOptions<R>] : [options: ApiCallOptions<R>];

/**
 * Calls one route of the contract (`packages/kit/src/api-routes.ts`) and resolves to its answer,
 * typed from there: `callApi("PUT /api/customers/:id", { params: { id }, json })`. A 204 resolves
 * to undefined; any failure throws `ApiError` as `apiFetch` does. A `FormData` body is sent as
 * multipart, a `Blob` as it is, anything else as JSON.
 */
export async function callApi<R extends ApiRoute>(route: R, ...[options]: ApiCallArguments<R>): Promise<ApiAnswer<R>> {
  const { params, json, query, signal, token } = (options ?? {}) as {
    params?: Record<string, number | string>;
    json?: unknown;
    query?: object;
  } & Pick<ApiRequest, "signal" | "token">;
  const space = route.indexOf(" ");
  const method = route.slice(0, space) as NonNullable<ApiRequest["method"]>;
  const path = route
    .slice(space + 1)
    .replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params?.[name])));
  const body = json instanceof FormData || json instanceof Blob ? { body: json } : { json };
  const response = await apiFetch(path, { method, ...body, query: query as ApiRequest["query"], signal, token });
  if (response.status === 204) return undefined as ApiAnswer<R>;
  return (await response.json()) as ApiAnswer<R>;
}
