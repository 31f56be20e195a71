import { describe, expect, test } from "bun:test";
import { QueryClient, QueryClientProvider, queryOptions } from "@tanstack/react-query";
import { act, fireEvent, render, renderHook, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { Pager, QueryState, usePagedList } from "../src/portal";
import { MantineProvider } from "../src/ui";

interface Answer {
  rows: string[];
  pages: number;
}

/** A list paged on the server: each call recorded, answered from `pagesFor` (or failing). */
function serverList(pagesFor: () => number, fail: () => boolean = () => false) {
  const calls: { page: number; search: string; filter: string }[] = [];
  const query = (params: { page: number; search: string; filter: string }) =>
    queryOptions({
      queryKey: ["rows", params],
      queryFn: async (): Promise<Answer> => {
        calls.push(params);
        if (fail()) throw new Error("Fehler");
        const row = [params.filter, params.search, `Seite ${params.page}`].filter((part) => part !== "").join(" ");
        return { rows: [row], pages: pagesFor() };
      },
    });
  return { calls, query };
}

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <MantineProvider>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

const rowsOf = (answer: Answer) => ({ items: answer.rows, pages: answer.pages, total: answer.rows.length });

describe("usePagedList", () => {
  test("typing waits for a pause and goes back to page 1 in the same request", async () => {
    const { calls, query } = serverList(() => 3);
    const { result } = renderHook(() => usePagedList({ query, pageOf: rowsOf, filter: "", searchDelayMs: 40 }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.shown?.items).toEqual(["Seite 1"]));
    act(() => result.current.setPage(3));
    await waitFor(() => expect(result.current.shown?.items).toEqual(["Seite 3"]));
    for (const text of ["a", "ab", "abc "]) act(() => result.current.setSearchText(text));
    await waitFor(() => expect(result.current.shown?.items).toEqual(["abc Seite 1"]));
    expect(calls).toEqual([
      { page: 1, search: "", filter: "" },
      { page: 3, search: "", filter: "" },
      { page: 1, search: "abc", filter: "" },
    ]);
    expect(result.current.searchText).toBe("abc ");
  });

  test("a new filter is one request for its page 1", async () => {
    const { calls, query } = serverList(() => 2);
    const { result } = renderHook(() => usePagedList({ query, pageOf: rowsOf, filter: "" }), { wrapper });
    await waitFor(() => expect(result.current.shown).not.toBeNull());
    act(() => result.current.setPage(2));
    await waitFor(() => expect(calls).toHaveLength(2));
    act(() => result.current.setFilter("vertrag"));
    await waitFor(() => expect(result.current.shown?.items).toEqual(["vertrag Seite 1"]));
    expect(calls.at(-1)).toEqual({ page: 1, search: "", filter: "vertrag" });
    expect(calls).toHaveLength(3);
  });

  test("the page is pulled back when the list shrinks under it", async () => {
    let pages = 2;
    const { calls, query } = serverList(() => pages);
    const { result } = renderHook(() => usePagedList({ query, pageOf: rowsOf, filter: "" }), { wrapper });
    await waitFor(() => expect(result.current.shown).not.toBeNull());
    act(() => result.current.setPage(2));
    await waitFor(() => expect(result.current.shown?.items).toEqual(["Seite 2"]));
    // The last row of page 2 goes; the page reloads and says there is one page now.
    pages = 1;
    await act(() => result.current.retry());
    await waitFor(() => expect(result.current.params.page).toBe(1));
    await waitFor(() => expect(result.current.shown?.items).toEqual(["Seite 1"]));
    expect(calls.map((call) => call.page)).toEqual([1, 2, 2, 1]);
  });

  test("a failed load keeps the page shown, says so, and a retry loads again", async () => {
    let failing = false;
    const { query } = serverList(
      () => 2,
      () => failing,
    );
    const { result } = renderHook(() => usePagedList({ query, pageOf: rowsOf, filter: "" }), { wrapper });
    await waitFor(() => expect(result.current.shown?.items).toEqual(["Seite 1"]));
    failing = true;
    act(() => result.current.setPage(2));
    await waitFor(() => expect(result.current.error).not.toBeNull());
    expect(result.current.shown?.items).toEqual(["Seite 1"]);
    failing = false;
    act(() => result.current.retry());
    await waitFor(() => expect(result.current.shown?.items).toEqual(["Seite 2"]));
    expect(result.current.error).toBeNull();
  });

  test("a list that arrives whole is paged and searched without a request; a new filter shows nothing of the last", async () => {
    const calls: string[] = [];
    const answers: Record<string, string[]> = { a: ["eins", "zwei", "drei"], b: ["vier"] };
    const { result } = renderHook(
      () =>
        usePagedList({
          query: ({ filter }) =>
            queryOptions({
              queryKey: ["whole", filter],
              queryFn: async () => {
                calls.push(filter);
                await new Promise((resolve) => setTimeout(resolve, 20));
                return answers[filter] ?? [];
              },
            }),
          pageOf: (rows: string[], { page, search }) => {
            const matches = rows.filter((row) => row.includes(search));
            return { items: matches.slice(page - 1, page), pages: Math.max(1, matches.length), total: matches.length };
          },
          filter: "a",
          searchDelayMs: 0,
          filterIsNewList: true,
        }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.shown?.items).toEqual(["eins"]));
    act(() => result.current.setPage(3));
    expect(result.current.shown?.items).toEqual(["drei"]);
    act(() => result.current.setSearchText("zw"));
    expect(result.current.shown?.items).toEqual(["zwei"]);
    expect(result.current.shown?.total).toBe(1);
    act(() => result.current.setFilter("b"));
    expect(result.current.shown).toBeNull();
    await waitFor(() => expect(result.current.shown?.items).toEqual([]));
    expect(calls).toEqual(["a", "b"]);
  });
});

describe("QueryState", () => {
  const texts = {
    loading: "Lade Zeilen...",
    loadFailed: "Fehler beim Laden",
    empty: "Keine Zeilen.",
    emptyHint: "Legen Sie eine an.",
  };

  test("loading before the first answer, without the empty text", () => {
    render(<QueryState loaded={false} texts={texts} />, { wrapper });
    expect(screen.getByRole("status").textContent).toBe("Lade Zeilen...");
    expect(screen.queryByText("Keine Zeilen.")).toBeNull();
  });

  test("a failure before the first answer is an alert with a retry, not the empty text", () => {
    let retried = 0;
    render(<QueryState loaded={false} error={new Error("x")} onRetry={() => retried++} texts={texts} />, { wrapper });
    expect(screen.getByRole("alert").textContent).toBe("Fehler beim Laden");
    fireEvent.click(screen.getByRole("button", { name: "Erneut versuchen" }));
    expect(retried).toBe(1);
    expect(screen.queryByText("Keine Zeilen.")).toBeNull();
  });

  test("empty: the text and its hint; rows: the rows, with a later failure above them", () => {
    const view = render(<QueryState loaded empty texts={texts} />, { wrapper });
    expect(screen.getByText("Keine Zeilen.")).toBeDefined();
    expect(screen.getByText("Legen Sie eine an.")).toBeDefined();
    view.rerender(
      <QueryState loaded error={new Error("x")} onRetry={() => {}} texts={texts}>
        <p>Zeile 1</p>
      </QueryState>,
    );
    expect(screen.getByText("Zeile 1")).toBeDefined();
    expect(screen.getByRole("alert").textContent).toBe("Fehler beim Laden");
    expect(screen.queryByText("Keine Zeilen.")).toBeNull();
  });
});

describe("Pager", () => {
  test("steps: “Zurück”, “Seite X von Y”, “Weiter”, disabled at the ends, shown on one page too", () => {
    const asked: number[] = [];
    const view = render(
      <Pager variant="steps" label="Seiten" page={1} pages={2} onPage={(page) => asked.push(page)} />,
      {
        wrapper,
      },
    );
    const nav = screen.getByRole("navigation", { name: "Seiten" });
    expect(nav.textContent).toContain("Seite 1 von 2");
    expect((screen.getByRole("button", { name: "Zurück" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Weiter" }));
    expect(asked).toEqual([2]);
    view.rerender(<Pager variant="steps" label="Seiten" page={2} pages={2} onPage={(page) => asked.push(page)} />);
    expect((screen.getByRole("button", { name: "Weiter" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Zurück" }));
    expect(asked).toEqual([2, 1]);
    view.rerender(<Pager variant="steps" label="Seiten" page={1} pages={1} onPage={() => {}} />);
    expect(screen.getByText("Seite 1 von 1")).toBeDefined();
  });

  test("numbers: a button per page from two pages on, with the total the screen words", () => {
    const asked: number[] = [];
    const view = render(
      <Pager variant="numbers" label="Seiten" page={1} pages={1} onPage={() => {}} total="mehr als 10 000 Zeilen" />,
      { wrapper },
    );
    expect(screen.queryByRole("navigation")).toBeNull();
    expect(screen.getByText("mehr als 10 000 Zeilen")).toBeDefined();
    view.rerender(<Pager variant="numbers" label="Seiten" page={1} pages={3} onPage={(page) => asked.push(page)} />);
    fireEvent.click(screen.getByRole("button", { name: "Seite 3" }));
    fireEvent.click(screen.getByRole("button", { name: "Nächste Seite" }));
    expect(asked).toEqual([3, 2]);
  });
});
