/** The DOM id of an ACE field's row (the unmatched-field links focus it). */
export const rowId = (attributeId: number) => `mapper-row-${attributeId}`;
