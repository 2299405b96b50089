import type { ReactNode } from 'react';

export interface FieldMapperProps {
  embedded?: boolean;
  headerActions?: ReactNode;
}

/** Placeholder until the mapping editor lands (issue 5): renders nothing. */
export function FieldMapper(_props: FieldMapperProps): ReactNode {
  return null;
}
