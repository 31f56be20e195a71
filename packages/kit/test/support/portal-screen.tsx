/**
 * For component tests (`*.dom.test.tsx`, run with packages/kit/test/support/dom-preload.ts): a portal screen
 * rendered as the shell renders it (the session, Mantine with the portal's theme, a query client, modals),
 * and the API answered by the test instead of a server. Each render gets a query client of its
 * own, without retries, so no answer leaks into the next test.
 */

import { MantineProvider, ModalsProvider } from "@klarwerk/kit/ui";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { AuthProvider } from "../../src/browser/auth";
import { startSession } from "../../src/browser/session";
import { portalTheme } from "../../src/portal";

export function renderScreen(screen: ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 5 * 60 * 1000 } } });
  const view = render(
    <AuthProvider>
      <MantineProvider theme={portalTheme} forceColorScheme="light">
        <QueryClientProvider client={queryClient}>
          <ModalsProvider>{screen}</ModalsProvider>
        </QueryClientProvider>
      </MantineProvider>
    </AuthProvider>,
  );
  return { ...view, queryClient };
}

/** A call the screen made: method, path and query. */
export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export type ApiAnswer = Response | { status?: number; json: unknown };

/**
 * Answers the screen's API calls with `answer` (a JSON body, status 200 unless given, or a
 * Response; a promise holds the answer back) and records each call.
 */
export function stubApi(answer: (call: ApiCall) => ApiAnswer | Promise<ApiAnswer>): ApiCall[] {
  const calls: ApiCall[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), "http://localhost:3000");
    const text = typeof init?.body === "string" ? init.body : undefined;
    const call: ApiCall = {
      method: init?.method ?? "GET",
      path: url.pathname,
      query: url.searchParams,
      body: text === undefined ? undefined : JSON.parse(text),
    };
    calls.push(call);
    const given = await answer(call);
    if (given instanceof Response) return given;
    return new Response(JSON.stringify(given.json), {
      status: given.status ?? 200,
      headers: { "Content-Type": "application/json" },
    });
  }) as typeof fetch;
  return calls;
}

/** A signed-in staff member, as the shell leaves the session after a login. */
export function signIn(token = "token-staff"): void {
  startSession({ id: 1, name: "Erika Muster", email: "erika@klarwerk.test", role: "staff" }, token);
}

/** A promise and the function that settles it: holds an answer back until the test lets it go. */
export function held<T = void>(): { promise: Promise<T>; release: (value: T) => void } {
  let release: (value: T) => void = () => {};
  const promise = new Promise<T>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}
