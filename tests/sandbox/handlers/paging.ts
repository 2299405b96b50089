/** Django REST framework's page-number pagination: `page` (1-based) and `page-size` (default 20). */
import { fieldErrors } from '../domain/failure';
import { HttpFailure } from '../http-failure';

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

function positive(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1)
    throw fieldErrors({ [name]: ['A valid integer is required.'] });
  return number;
}

/**
 * One page of `rows`, with next/previous links built from the request's URL as the client
 * addressed it (app.ts publicUrl: through the front door, the door's origin, not the sandbox's
 * private port, which the client cannot reach).
 */
export function paginate<T>(
  rows: readonly T[],
  requestUrl: string,
  query: { page?: string; 'page-size'?: string },
): Page<T> {
  const page = positive(query.page, 1, 'page');
  const size = positive(query['page-size'], 20, 'page-size');
  const pages = Math.max(1, Math.ceil(rows.length / size));
  if (page > pages) throw new HttpFailure(404, { detail: 'Invalid page.' });
  const link = (target: number) => {
    const url = new URL(requestUrl);
    if (target === 1) url.searchParams.delete('page');
    else url.searchParams.set('page', String(target));
    return url.toString();
  };
  return {
    count: rows.length,
    next: page < pages ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
    results: rows.slice((page - 1) * size, page * size),
  };
}
