/**
 * Every block of the dashboard shows its own loading and error state, so its queries do not toast
 * (the block says what failed) and a failed first load is not fetched again on mount: the
 * block's Retry does that. Its own module: the dashboard's queries and the ones loaded apart from
 * them (the mapping counts) share it without importing each other.
 */
export const BLOCK_QUERY = { meta: { silentErrors: true }, retryOnMount: false } as const;
