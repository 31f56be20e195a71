// By package name: each kit entry is its own federation singleton (see portal.tsx).
import { keepPreviousData, type QueryKey, type UseQueryOptions, useQuery } from "@klarwerk/kit/query";
import { useCallback, useEffect, useMemo, useState } from "react";

/** What a list screen asks for: the page (1-based), the trimmed search ("" for none) and its filter. */
export interface PagedListParams<Filter> {
  page: number;
  search: string;
  filter: Filter;
}

/** The rows of one page, how many pages there are (at least 1) and how many rows in all. */
export interface ListPage<Item> {
  items: Item[];
  pages: number;
  total: number;
}

export interface PagedListOptions<Filter, Answer, Page extends ListPage<unknown>, Key extends QueryKey> {
  /**
   * The query for a set of params, built with the screen's `queryOptions`. A list paged on the
   * server keys it by all three; one that arrives whole (a folder's files) by its filter only,
   * so paging and searching it ask the server nothing.
   */
  query: (params: PagedListParams<Filter>) => UseQueryOptions<Answer, Error, Answer, Key>;
  /** The page to show of an answer (a screen may add what it says of it, e.g. the rows' range). */
  pageOf: (answer: Answer, params: PagedListParams<Filter>) => Page;
  /** The filter the screen starts with. */
  filter: Filter;
  /** Typing pauses this long before the search applies: no request per keystroke. 0: at once. */
  searchDelayMs?: number;
  /**
   * Each filter is a list of its own (a folder): while another filter's list loads, nothing of
   * the last one stays on screen. Otherwise (a status filter) the last page stays until then.
   */
  filterIsNewList?: boolean;
}

export interface PagedList<Filter, Answer, Page> {
  /** What is asked for now. */
  params: PagedListParams<Filter>;
  /** The search field as typed. */
  searchText: string;
  setSearchText: (text: string) => void;
  /** A new filter starts again on page 1, as does a new search. */
  setFilter: (filter: Filter) => void;
  setPage: (page: number) => void;
  /**
   * The page on screen: of the last answer that arrived. It stays while the next one loads and
   * when a load fails; null before the first answer.
   */
  shown: Page | null;
  /** The answer `shown` is made of (what else it carries, e.g. a limit). */
  answer: Answer | undefined;
  /** A load runs (the first, another page, a refresh). */
  loading: boolean;
  /** The last load failed; null once one succeeded again. */
  error: Error | null;
  /** Loads again what failed (the retry button). */
  retry: () => void;
  /** What the list's `QueryState` reads: `<QueryState {...list.state} texts={…}>`. */
  state: { loaded: boolean; error: Error | null; empty: boolean; onRetry: () => void; retrying: boolean };
  /** What the list's `Pager` reads once a page is shown: `{list.pager && <Pager {...list.pager} …/>}`. */
  pager: { page: number; pages: number; onPage: (page: number) => void } | null;
}

const defaultSearchDelayMs = 300;

/**
 * A list screen's state: page, debounced search and filter, on the portal's query client. Each
 * change is one request: a new search or filter goes back to page 1 in the same step, and typing
 * waits for a pause. When the list shrinks under the page shown (the last row of the last page
 * deleted, a row leaving the filter), the page is pulled back to the new last one.
 */
export function usePagedList<Filter, Answer, Page extends ListPage<unknown>, Key extends QueryKey>({
  query,
  pageOf,
  filter: initialFilter,
  searchDelayMs = defaultSearchDelayMs,
  filterIsNewList = false,
}: PagedListOptions<Filter, Answer, Page, Key>): PagedList<Filter, Answer, Page> {
  const [params, setParams] = useState<PagedListParams<Filter>>({ page: 1, search: "", filter: initialFilter });
  const [searchText, setText] = useState("");
  const typed = searchText.trim();

  const applySearch = useCallback(
    (search: string) => setParams((current) => (current.search === search ? current : { ...current, search, page: 1 })),
    [],
  );
  useEffect(() => {
    if (searchDelayMs === 0) return;
    const timer = setTimeout(() => applySearch(typed), searchDelayMs);
    return () => clearTimeout(timer);
  }, [typed, searchDelayMs, applySearch]);

  const setSearchText = useCallback(
    (text: string) => {
      setText(text);
      if (searchDelayMs === 0) applySearch(text.trim());
    },
    [searchDelayMs, applySearch],
  );
  const setFilter = useCallback((filter: Filter) => setParams((current) => ({ ...current, filter, page: 1 })), []);
  const setPage = useCallback((page: number) => setParams((current) => ({ ...current, page })), []);

  const result = useQuery({ ...query(params), placeholderData: keepPreviousData });
  const fresh = result.isPlaceholderData ? undefined : result.data;
  // The last answer that arrived (not a placeholder) and for which filter: a failed load leaves it on screen.
  const [kept, setKept] = useState<{ answer: Answer; filter: Filter } | null>(null);
  const { filter } = params;
  useEffect(() => {
    if (fresh !== undefined) setKept({ answer: fresh, filter });
  }, [fresh, filter]);
  const keep = kept !== null && (!filterIsNewList || kept.filter === filter);
  const answer = fresh ?? (keep ? kept.answer : undefined) ?? (filterIsNewList ? undefined : result.data);
  const shown = useMemo(() => (answer === undefined ? null : pageOf(answer, params)), [answer, params, pageOf]);

  // The list shrank under the page asked for: show its last page.
  const lastPage = shown?.pages;
  useEffect(() => {
    if (lastPage !== undefined && params.page > lastPage) setPage(lastPage);
  }, [lastPage, params.page, setPage]);

  const { refetch } = result;
  const retry = useCallback(() => void refetch(), [refetch]);
  const loading = result.isFetching;
  return {
    params,
    searchText,
    setSearchText,
    setFilter,
    setPage,
    shown,
    answer,
    loading,
    error: result.error,
    retry,
    state: {
      loaded: shown !== null,
      error: result.error,
      empty: shown?.items.length === 0,
      onRetry: retry,
      retrying: loading,
    },
    pager: shown && { page: params.page, pages: shown.pages, onPage: setPage },
  };
}
