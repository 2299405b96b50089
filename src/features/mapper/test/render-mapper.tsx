import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { FieldMapper, type FieldMapperProps } from '../field-mapper';

/** The mapper alone, on a fresh query client that never retries. */
export function renderMapper(props: FieldMapperProps = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <FieldMapper {...props} />
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}
