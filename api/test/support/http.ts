/** Anything with Elysia's `handle`: the app, or a small test app around a plugin. */
export interface Handler {
  handle(request: Request): Promise<Response>;
}

export interface CallOptions {
  method?: string;
  /** Sent as JSON with `Content-Type: application/json`. */
  json?: unknown;
  /** Sent as is; wins over `json`. */
  body?: BodyInit;
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string;
  headers?: Record<string, string>;
}

/** Calls the app without a port: `app.handle(new Request("http://localhost" + path))`. */
export function call(app: Handler, path: string, options: CallOptions = {}): Promise<Response> {
  const headers = new Headers(options.headers);
  let body = options.body;
  if (body === undefined && options.json !== undefined) {
    body = JSON.stringify(options.json);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  const method = options.method ?? (body === undefined ? "GET" : "POST");
  return app.handle(new Request(`http://localhost${path}`, { method, headers, body }));
}

/** `call`, then the parsed JSON body (the error body `{ message }` included). */
export async function callJson<T = Record<string, unknown>>(
  app: Handler,
  path: string,
  options: CallOptions = {},
): Promise<{ status: number; body: T; response: Response }> {
  const response = await call(app, path, options);
  const text = await response.text();
  let body: T;
  try {
    body = JSON.parse(text) as T;
  } catch {
    throw new Error(`${path} answered ${response.status} with non-JSON: ${text.slice(0, 200)}`);
  }
  return { status: response.status, body, response };
}

/** A handler that sends each request to a running server at `origin` instead of `app.handle`. */
export function overHttp(origin: string): Handler {
  return { handle: (request) => fetch(new Request(request.url.replace("http://localhost", origin), request)) };
}
