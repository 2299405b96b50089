/**
 * A count with its word in the right number, by the language's plural rules (Intl.PluralRules),
 * not by `count === 1` written at each place: '1 hr', '2 hrs', '0 Launches', '1,234 records'.
 * The app's texts are English ('en-US'), as its numbers are.
 */
const RULES = new Intl.PluralRules('en-US');
const COUNT = new Intl.NumberFormat('en-US');

/** A word's two English forms: `one` for a count of exactly one, `other` for every other count. */
export interface PluralForms {
  one: string;
  other: string;
}

/** The form of the word that goes with `count`. */
export function pluralWord(count: number, forms: PluralForms): string {
  return RULES.select(count) === 'one' ? forms.one : forms.other;
}

/** A count as the app writes it: '1,234'. */
export function formatCount(value: number): string {
  return COUNT.format(value);
}

/** The count, formatted ('1,234'), then its word: countOf(1, HOURS) is '1 hr'. */
export function countOf(count: number, forms: PluralForms): string {
  return `${formatCount(count)} ${pluralWord(count, forms)}`;
}
