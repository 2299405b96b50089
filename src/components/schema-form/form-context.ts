import { createContext, useContext } from 'react';

/** What the theme needs to know about the form around a field. */
export interface SchemaFormState {
  /** A field shows its errors once touched (blurred) or once a submit was tried. */
  showsErrors: (id: string) => boolean;
}

export const SchemaFormStateContext = createContext<SchemaFormState>({ showsErrors: () => true });

export const useSchemaFormState = () => useContext(SchemaFormStateContext);

/** Ids tie a field to its help and error text for screen readers. */
export const helpId = (id: string) => `${id}__help`;
