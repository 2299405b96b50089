import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';

import { createTestQueryClient } from '../../../../tests/test-query-client';
import { FieldMapper, type FieldMapperProps } from '../field-mapper';

/** The mapper alone, on the app's own query client (retries off), as /values-mapper shows it. */
export function renderMapper(props: FieldMapperProps = {}) {
  const queryClient = createTestQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <FieldMapper {...props} />
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}
