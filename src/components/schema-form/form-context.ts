import type { WidgetProps } from '@rjsf/utils';
import { createContext, useContext } from 'react';

/** What the theme needs to know about the form around a field. */
export interface SchemaFormState {
  /** A field shows its errors once touched (blurred) or once a submit was tried. */
  showsErrors: (id: string) => boolean;
}

export const SchemaFormStateContext = createContext<SchemaFormState>({ showsErrors: () => true });

export const useSchemaFormState = () => useContext(SchemaFormStateContext);

/** Whether a widget shows itself as invalid: it has errors, and its field shows them now. */
export function useInvalid({ id, rawErrors = [] }: Pick<WidgetProps, 'id' | 'rawErrors'>): boolean {
  const { showsErrors } = useSchemaFormState();
  return showsErrors(id) && rawErrors.length > 0;
}

/** Ids tie a field to its help and error text for screen readers. */
export const helpId = (id: string) => `${id}__help`;
