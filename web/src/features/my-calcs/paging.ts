// The page number of /user/calculators (1-based, from `?page=`) and the pager's links.
import type { Schemas } from '../../lib/api/wire';

/** Paging info of `PUT /api/calc/user/?page=N`. */
export type Paging = Schemas['Paging'];

/** `?page=` as a page number: a whole number from 1 up, else 1. */
export function pageFromQuery(raw: string | null | undefined): number {
  if (!raw || !/^\s*\d+\s*$/.test(raw)) return 1;
  const page = Number(raw);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

export interface PagerLinks {
  previous: number | null;
  next: number | null;
  /** The page asked for is past the end of a non-empty list: show this one instead. */
  redirect: number | null;
}

export function pagerLinks(page: number, paging: Pick<Paging, 'pages' | 'total'>): PagerLinks {
  const pages = Math.max(1, paging.pages);
  if (paging.total > 0 && page > pages) return { previous: null, next: null, redirect: pages };
  return {
    previous: page > 1 ? Math.min(page - 1, pages) : null,
    next: page < pages ? page + 1 : null,
    redirect: null,
  };
}

/** The link to a page: page 1 is the bare path. */
export const pageHref = (page: number) =>
  page <= 1 ? '/user/calculators' : `/user/calculators?page=${page}`;
