/**
 * The checks ACE applies to a record the sync sends, each failure in one of the five categories
 * with a message for the user (`error_description`) and ACE's own wording (`error_type_description`).
 *
 * Mandatory attributes: ACE requires every `is_mandatory` attribute (reserved identifiers excluded,
 * the backend fills them). The sandbox reports a missing one on a record when the tenant gives it a
 * value source (a mapping, a dummy value or an override) that came out empty, and always for the
 * related-record attributes (names with account./user./contact., such as
 * Customer.Account.WebsiteUrl): the mapper does not highlight those, so ACE's rejection is the only
 * place the partner learns of them. A mandatory attribute with no mapping at all is the mapper's
 * business (its red asterisk and required counter); reporting it on every record would teach nothing.
 */
import {
  BOOLEAN_VALUES,
  hasOverrideValueFormat,
  isRelatedRecordName,
} from '../../../../generated/rules/index';
import { aceLabel, acePath } from './ace-names';
import type { AceDraft, AceField, AceValue } from './transform';
import type { AceRecord, Schemas } from './types';

type SyncErrorType = Schemas['SyncErrorType'];

export interface SyncProblem {
  /** The ACE attribute the problem is about; null for the record as a whole. */
  attributeId: number | null;
  error_type: SyncErrorType;
  error_description: string;
  error_type_description: string;
}

/** ACE stages after which an opportunity cannot move back. */
const FINAL_STAGES = ['Launched', 'Closed Lost'];

const isEmpty = (value: AceValue) => value === null || value === '';

function missing({ attribute, source }: AceField): SyncProblem {
  const entity = attribute.type === 'Lead' ? 'lead' : 'opportunity';
  return {
    attributeId: attribute.id,
    error_type: 'General ACE Error',
    error_type_description: `ValidationException: ${acePath(attribute)} is required (REQUIRED_FIELD_MISSING)`,
    error_description:
      source === 'none'
        ? `${aceLabel(attribute)} is mandatory for this ${entity}; map it or give it a dummy value.`
        : `${aceLabel(attribute)} is mandatory for this ${entity}, but the record has no value for it.`,
  };
}

function choicesText(choices: string[]): string {
  return choices.length <= 12
    ? `is not one of [${choices.join(', ')}]`
    : 'is not a valid enum value';
}

/** The Boolean words, as a message says them: "True or False". */
const BOOLEAN_WORDS = BOOLEAN_VALUES.join(' or ');

/**
 * A present value that does not fit its attribute's type, picklist or format. The formats of a
 * Date, an Email and a Boolean are the contract's (OverrideWrite.x-override-value-formats, which
 * the override save checks too).
 */
function typeProblem({ attribute, value, source }: AceField): SyncProblem | null {
  const path = acePath(attribute);
  const label = aceLabel(attribute);
  const shown = String(value);
  const base = { attributeId: attribute.id };
  switch (attribute.data_type) {
    case 'Double':
    case 'Int': {
      const valid =
        typeof value === 'number' && (attribute.data_type === 'Double' || Number.isInteger(value));
      if (valid) return null;
      return {
        ...base,
        error_type: 'Data Type Mismatch Error',
        error_type_description: `ValidationException: ${path} '${shown}' is not a valid ${attribute.data_type === 'Int' ? 'integer' : 'number'} (INVALID_VALUE)`,
        error_description: `${label} must be a number; '${shown}' is not.`,
      };
    }
    case 'Date':
      if (typeof value === 'string' && hasOverrideValueFormat('Date', value)) return null;
      return {
        ...base,
        error_type: 'Data Type Mismatch Error',
        error_type_description: `ValidationException: ${path} '${shown}' does not match format yyyy-MM-dd (INVALID_STRING_FORMAT)`,
        error_description: `${label} '${shown}' is not a valid date (expected YYYY-MM-DD).`,
      };
    case 'Email':
      if (hasOverrideValueFormat('Email', shown)) return null;
      return {
        ...base,
        error_type: 'Data Type Mismatch Error',
        error_type_description: `ValidationException: ${path} '${shown}' is not a valid email address (INVALID_STRING_FORMAT)`,
        error_description: `${label} '${shown}' is not a valid e-mail address.`,
      };
    case 'Boolean':
      if (hasOverrideValueFormat('Boolean', shown)) return null;
      return {
        ...base,
        error_type: 'Data Type Mismatch Error',
        error_type_description: `ValidationException: ${path} '${shown}' is not a valid boolean (INVALID_VALUE)`,
        error_description:
          source === 'override'
            ? `${label} must be ${BOOLEAN_WORDS}; the value saved for the next sync, '${shown}', is neither. Save ${BOOLEAN_WORDS} instead.`
            : `${label} must be ${BOOLEAN_WORDS}; '${shown}' has no ${BOOLEAN_VALUES.join('/')} value mapped.`,
      };
    case 'Picklist': {
      const choices = Object.keys(attribute.choices ?? {});
      if (choices.length === 0 || choices.includes(shown)) return null;
      return {
        ...base,
        error_type: 'Picklist Standard Value Error',
        error_type_description: `ValidationException: ${path} '${shown}' ${choicesText(choices)} (INVALID_ENUM_VALUE)`,
        error_description:
          source === 'field'
            ? `${label} '${shown}' has no ACE value mapped; ACE accepts only standard ${label} values.`
            : `${label} '${shown}' is not a standard ACE ${label} value.`,
      };
    }
    default:
      return null;
  }
}

/** A stage change ACE refuses: an opportunity Launched or Closed Lost in ACE cannot move back. */
function orderProblem(draft: AceDraft, held: AceRecord | undefined): SyncProblem | null {
  if (draft.entity !== 'Opportunity' || !held?.aceStage || !FINAL_STAGES.includes(held.aceStage))
    return null;
  const stage = draft.fields.find((field) => field.attribute.name === 'stage');
  if (!stage || isEmpty(stage.value) || stage.value === held.aceStage) return null;
  return {
    attributeId: stage.attribute.id,
    error_type: 'Order of Operations Error',
    error_type_description: `ConflictException: Opportunity ${draft.salesforceId} cannot be updated while LifeCycle.Stage is ${held.aceStage}`,
    error_description: `The opportunity is ${held.aceStage} in ACE; its Stage cannot move back to '${String(stage.value)}'.`,
  };
}

/** A record ACE deleted on its side: the update has nothing to land on. */
function deletedInAce(draft: AceDraft): SyncProblem {
  return {
    attributeId: null,
    error_type: 'Record Not Found Error',
    error_type_description: `NOT_FOUND: entity is deleted (${draft.entity} ${draft.salesforceId})`,
    error_description: `The ACE ${draft.entity.toLowerCase()} linked to this Salesforce record was deleted in ACE.`,
  };
}

/** Every problem ACE reports for this record (none: ACE accepts it). */
export function checkRecord(draft: AceDraft, held: AceRecord | undefined): SyncProblem[] {
  if (held?.deleted) return [deletedInAce(draft)];
  const problems: SyncProblem[] = [];
  for (const field of draft.fields) {
    const { attribute, value, source } = field;
    if (isEmpty(value)) {
      const required =
        attribute.is_mandatory && (source !== 'none' || isRelatedRecordName(attribute.name));
      if (required) problems.push(missing(field));
      continue;
    }
    const problem = typeProblem(field);
    if (problem) problems.push(problem);
  }
  const order = orderProblem(draft, held);
  if (order) problems.push(order);
  return problems;
}
