import { renderWithClient } from '@tests/render-with-client';

import { FieldMapper, type FieldMapperProps } from '../field-mapper';

/** The mapper alone, on the app's own query client (retries off), as /values-mapper shows it. */
export function renderMapper(props: FieldMapperProps = {}) {
  const view = renderWithClient(<FieldMapper {...props} />);
  return { ...view, queryClient: view.client };
}
