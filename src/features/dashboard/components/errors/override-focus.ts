/** A request to open the override editor at an ACE field for some errors (a new object repeats it). */
export interface OverrideFocus {
  errorIds: readonly number[];
  attributeId: number;
}

/**
 * Shows the focused errors' row: scrolled into view, highlighted for a moment, and the value box of
 * the field (else the row's first control) focused for the keyboard.
 */
export function showOverrideRow(
  focus: OverrideFocus,
  root: ParentNode,
  highlightClass: string,
): boolean {
  const editor = focus.errorIds
    .map((id) => root.querySelector<HTMLElement>(`[data-sync-error="${id}"]`))
    .find((element) => element !== null);
  const row = editor?.closest('tr');
  if (!editor || !row) return false;
  row.scrollIntoView?.({ block: 'center' });
  row.classList.remove(highlightClass);
  // Restarts the fade when the same row is asked for again.
  void row.offsetWidth;
  row.classList.add(highlightClass);
  row.addEventListener('animationend', () => row.classList.remove(highlightClass), { once: true });
  const pair = editor.querySelector<HTMLElement>(`[data-attribute="${focus.attributeId}"]`);
  const target =
    pair?.querySelector<HTMLElement>('[aria-label^="Dummy value"]') ??
    editor.querySelector<HTMLElement>('button, input');
  target?.focus();
  return true;
}
