import type { AuditEvent, AuditFilter, AuditPage } from "@klarwerk/kit";
import { type ListPage, type PagedListParams, usePagedList } from "@klarwerk/kit/portal";
import { queryOptions } from "@klarwerk/kit/query";
import { useEffect, useRef } from "react";
import { getAuditPage } from "./get-audit-page";

/** A page of the trail with what it was asked for: the filter's key and the cursor. */
interface AuditAnswer extends AuditPage {
  asked: string;
}

export interface AuditListPage extends ListPage<AuditEvent> {
  /** False while a later page exists: the pager says "Seite X von mehr als X". */
  last: boolean;
}

function askedKey(filter: AuditFilter, before: number | null): string {
  return JSON.stringify([filter, before]);
}

/**
 * Keyset paging has no page numbers and no count, only "older than event n". The pager counts
 * pages as the admin steps through them: page p + 1 is the one before page p's `next`, so a
 * page's cursor is found by walking from the newest page through the `next` each answer gave.
 */
function pageOfAnswer(answer: AuditAnswer, params: PagedListParams<AuditFilter>): AuditListPage {
  const last = answer.next === null;
  return {
    items: answer.events,
    pages: last ? params.page : params.page + 1,
    total: answer.events.length,
    last,
  };
}

/** The Protokoll's list: filter, keyset pages, newest first, on the kit's paged-list state. */
export function useAuditTrail(initialFilter: AuditFilter) {
  // askedKey(filter, before) → that page's `next`; filled from each answer shown.
  const nextOf = useRef(new Map<string, number>());

  const cursorOf = (filter: AuditFilter, page: number): number | null => {
    let before: number | null = null;
    for (let step = 1; step < page; step++) {
      const next = nextOf.current.get(askedKey(filter, before));
      if (next === undefined) return before;
      before = next;
    }
    return before;
  };

  const list = usePagedList({
    filter: initialFilter,
    searchDelayMs: 0,
    query: ({ filter, page }) => {
      const before = cursorOf(filter, page);
      return queryOptions({
        queryKey: ["audit", filter, before] as const,
        queryFn: async ({ signal }): Promise<AuditAnswer> => ({
          ...(await getAuditPage(filter, before, signal)),
          asked: askedKey(filter, before),
        }),
      });
    },
    pageOf: pageOfAnswer,
  });

  const { answer } = list;
  useEffect(() => {
    if (answer?.next != null) nextOf.current.set(answer.asked, answer.next);
  }, [answer]);

  return list;
}
