import { createContext, useCallback, useContext, useMemo, useState } from 'react';

import { createRefusalBoard, type RefusalBoard } from '@/components/form/refusal-board';
import {
  useDraftOnSessionEnd,
  useRestoredDraft,
} from '@/components/session-draft/use-session-draft';
import type { Attribute, Override, SyncError } from '@generated/api/model';

import { isOverrideDraft, restoredRows } from '../../model/override-draft';
import {
  newPair,
  OVERRIDE_FIELDS,
  rowsFromSaved,
  type OverrideField,
  type OverridePair,
  type OverrideRow,
  type OverrideRows,
} from '../../model/override-form';

/** The drafts' key in the store of edits kept across a session's end. */
const DRAFT_SCREEN = 'dashboard:overrides';

/**
 * What the user has typed, by sync error id: the rows they changed, the only ones a save sends. It
 * lives above the tabs and the pages (the errors card), so unsaved values survive a page change or
 * a look at the logs. Values not saved when the session ends are kept, and come back (and are
 * saved) when the same user signs in again.
 */
export interface OverrideDrafts {
  drafts: OverrideRows;
  setDrafts: (update: (drafts: OverrideRows) => OverrideRows) => void;
  /** A save was attempted: every problem shows, touched or not. */
  submitted: boolean;
  setSubmitted: (submitted: boolean) => void;
  /** The drafts were saved: nothing is unsaved until the next edit. */
  markSaved: () => void;
  /**
   * The saved values were fetched again after a save: the rows it sent show as the server keeps
   * them from now on, and a later save does not send them again. A row edited since it was sent
   * stays a draft.
   */
  forgetSent: (sent: readonly OverrideRow[]) => void;
  /** A refused save's messages, on the pair that caused each; a pair's edit takes its own away. */
  refusals: RefusalBoard<OverrideField>;
  /** Values kept from the last session are on screen, waiting to be saved. */
  restorePending: boolean;
  /** Their save was sent; `saved` tells how it went. */
  restoreSent: () => (saved: boolean) => void;
}

export function useOverrideDrafts(): OverrideDrafts {
  const { restored, settle } = useRestoredDraft(DRAFT_SCREEN, isOverrideDraft);
  const [drafts, setDraftState] = useState<OverrideRows>(() =>
    restored ? restoredRows(restored) : {},
  );
  const [dirty, setDirty] = useState(restored !== undefined);
  const [restorePending, setRestorePending] = useState(restored !== undefined);
  const [submitted, setSubmitted] = useState(false);
  const [refusals] = useState(() => createRefusalBoard(OVERRIDE_FIELDS));
  useDraftOnSessionEnd(DRAFT_SCREEN, () => (dirty ? drafts : undefined));
  const setDrafts = useCallback((update: (drafts: OverrideRows) => OverrideRows) => {
    setDraftState(update);
    setDirty(true);
  }, []);
  return {
    drafts,
    setDrafts,
    submitted,
    setSubmitted,
    markSaved: () => {
      setDirty(false);
      refusals.clear();
    },
    forgetSent: (sent) =>
      setDraftState((current) => {
        const left = Object.values(current).filter((row) => !sent.includes(row));
        return left.length === Object.keys(current).length
          ? current
          : Object.fromEntries(left.map((row) => [row.syncErrorId, row]));
      }),
    refusals,
    restorePending,
    restoreSent: () => {
      setRestorePending(false);
      return settle;
    },
  };
}

type ErrorRef = Pick<SyncError, 'id' | 'salesforce_id'>;

function blankRow(error: ErrorRef): OverrideRow {
  return {
    syncErrorId: error.id,
    salesforceId: error.salesforce_id,
    pairs: [{ key: `blank-${error.id}`, attributeId: null, value: '', touched: false }],
  };
}

/** The errors table's override form: drafts over the values saved earlier. */
export interface OverrideForm {
  /** The row the user sees: their draft, else the saved values, else one blank pair. */
  rowFor: (error: ErrorRef) => OverrideRow;
  /** The values saved earlier for a sync error that wait for the next sync. */
  savedRow: (syncErrorId: number) => OverrideRow | undefined;
  /**
   * The rows the user changed (drafts): what a save sends. Saved rows the user did not touch are
   * never sent: the server keeps them as they are.
   */
  changedRows: () => OverrideRow[];
  submitted: boolean;
  refusals: RefusalBoard<OverrideField>;
  attributes: readonly Attribute[];
  attributesById: ReadonlyMap<number, Attribute>;
  setAttribute: (error: ErrorRef, pairKey: string, attributeId: number | null) => void;
  setValue: (error: ErrorRef, pairKey: string, value: string) => void;
  /** The value box was left: a missing value shows from now on. */
  touchValue: (error: ErrorRef, pairKey: string) => void;
  addPair: (error: ErrorRef) => void;
  /**
   * Puts an ACE field in a sync error's row, to type its value (the errors-by-cause link): in its
   * blank pair, else in a new one; nothing changes when the row has that field already.
   */
  preselect: (error: ErrorRef, attributeId: number) => void;
  removePair: (error: ErrorRef, pairKey: string) => void;
}

const NO_ATTRIBUTES: readonly Attribute[] = [];

export function useOverrideForm(
  { drafts, setDrafts, submitted, refusals }: OverrideDrafts,
  saved: readonly Override[] | undefined,
  attributes: readonly Attribute[] | undefined,
): OverrideForm {
  const savedRows = useMemo(() => rowsFromSaved(saved ?? []), [saved]);
  const attributesById = useMemo(
    () => new Map((attributes ?? NO_ATTRIBUTES).map((attribute) => [attribute.id, attribute])),
    [attributes],
  );

  return useMemo(() => {
    const rowFor = (error: ErrorRef) => drafts[error.id] ?? savedRows[error.id] ?? blankRow(error);
    const update = (error: ErrorRef, change: (pairs: OverridePair[]) => OverridePair[]) =>
      setDrafts((current) => {
        const row = current[error.id] ?? savedRows[error.id] ?? blankRow(error);
        const pairs = change(row.pairs);
        return { ...current, [error.id]: { ...row, pairs: pairs.length ? pairs : [newPair()] } };
      });
    const editPair = (error: ErrorRef, pairKey: string, edit: Partial<OverridePair>) => {
      // What the server refused was the pair before this edit.
      if (edit.attributeId !== undefined || edit.value !== undefined) refusals.clear(pairKey);
      update(error, (pairs) =>
        pairs.map((pair) => (pair.key === pairKey ? { ...pair, ...edit } : pair)),
      );
    };
    return {
      rowFor,
      savedRow: (id) => savedRows[id],
      changedRows: () => Object.values(drafts),
      submitted,
      refusals,
      attributes: attributes ?? NO_ATTRIBUTES,
      attributesById,
      // A new attribute takes a new value: the old one was checked against another type.
      setAttribute: (error, pairKey, attributeId) =>
        editPair(error, pairKey, { attributeId, value: '', touched: false }),
      setValue: (error, pairKey, value) => editPair(error, pairKey, { value, touched: true }),
      touchValue: (error, pairKey) => {
        if (!rowFor(error).pairs.find((pair) => pair.key === pairKey)?.touched) {
          editPair(error, pairKey, { touched: true });
        }
      },
      addPair: (error) => update(error, (pairs) => [...pairs, newPair()]),
      preselect: (error, attributeId) => {
        const pairs = rowFor(error).pairs;
        if (pairs.some((pair) => pair.attributeId === attributeId)) return;
        const blank = pairs.find((pair) => pair.attributeId === null && pair.value === '');
        if (blank) editPair(error, blank.key, { attributeId });
        else update(error, (current) => [...current, newPair(attributeId)]);
      },
      removePair: (error, pairKey) => {
        refusals.clear(pairKey);
        update(error, (pairs) => pairs.filter((pair) => pair.key !== pairKey));
      },
    };
  }, [drafts, savedRows, submitted, refusals, attributes, attributesById, setDrafts]);
}

export const OverrideFormContext = createContext<OverrideForm | null>(null);

export function useOverrideFormContext(): OverrideForm {
  const form = useContext(OverrideFormContext);
  if (!form) throw new Error('useOverrideFormContext needs an OverrideFormContext provider');
  return form;
}
