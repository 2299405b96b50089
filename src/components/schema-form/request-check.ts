import { hashForSchema, type RJSFSchema } from '@rjsf/utils';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';

/** One error of a precompiled AJV validator, as far as this check reads it. */
interface CheckError {
  keyword: string;
  instancePath: string;
  message?: string;
  params?: { errors?: Array<{ keyword?: string; params?: { missingProperty?: string } }> };
}

/** A refusal's body as the server spells it: messages by dotted field path (`digest.hour`). */
type RequestProblems = Record<string, string[]>;

/** A JSON pointer (`/sync_failures/threshold`) as a dotted field path (`sync_failures.threshold`). */
function dottedPath(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((step) => step.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

/** Where an error belongs: a required field's message is on its parent, so it names the field. */
function fieldOf(error: CheckError): string {
  const missing = error.params?.errors?.find((inner) => inner.keyword === 'required')?.params
    ?.missingProperty;
  const path = dottedPath(error.instancePath);
  return missing ? [path, missing].filter(Boolean).join('.') : path;
}

/**
 * The check of a hand-written form: what the contract would refuse in the request it is about to
 * send, found by the validator `npm run generate` compiled from its schema in `schemas/` (the
 * contract's bounds, the schema's messages). The answer has the shape of the server's refusal, so
 * the form's field map puts each message under its field just as it does the server's; an empty
 * answer means the request may go. No AJV compiler and no form library are loaded for it.
 */
export function requestCheck(
  validateFns: ValidatorFunctions,
  schema: object,
): (body: unknown) => RequestProblems {
  // The compiled module names each validator by the hash of the schema it checks.
  const validate = validateFns[hashForSchema(schema as RJSFSchema)];
  if (!validate) throw new Error('The compiled validator does not belong to this schema.');
  return (body) => {
    if (validate(body)) return {};
    const problems: RequestProblems = {};
    for (const error of (validate.errors ?? []) as CheckError[]) {
      if (error.keyword === 'if' || !error.message) continue;
      (problems[fieldOf(error)] ??= []).push(error.message);
    }
    return problems;
  };
}
