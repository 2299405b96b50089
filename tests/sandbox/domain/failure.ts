/**
 * A request the sandbox refuses, in one of the contract's error shapes. Domain functions throw it;
 * the handler layer turns it into the reply. Throwing inside `store.transact` also rolls the
 * change back, so a refused write leaves nothing half made.
 */
import { listBound, type Path, type Schemas } from '../contract';

export type FailureBody = Schemas['BadRequestError'] | Schemas['ErrorBody'];

export class ApiFailure extends Error {
  constructor(
    readonly status: 400 | 401 | 404 | 413 | 429 | 500,
    readonly body: FailureBody,
  ) {
    super(`${status} ${JSON.stringify(body)}`);
  }
}

/** 400 with field errors, Django REST framework style: `{ field: ['message'] }`. */
export function fieldErrors(errors: Record<string, string[]>): ApiFailure {
  return new ApiFailure(400, errors);
}

/** 400 with one message under `error` (what the app shows in its toast). */
/**
 * Refuses to store one more item once `count` items fill the list that the 200 reply of
 * `GET listPath` may hold (its `maxItems` in the contract): the sandbox never gives a reply that
 * breaks the contract, whatever was stored one item at a time.
 */
export function refuseBeyondListBound(count: number, listPath: Path, what: string): void {
  const bound = listBound(listPath);
  if (count > bound) throw badRequest(`A company can keep at most ${bound} ${what}.`);
}

export function badRequest(error: string): ApiFailure {
  return new ApiFailure(400, { error });
}

/** 404 for an id that does not exist in the caller's tenant (another tenant's ids included). */
export function notFound(): ApiFailure {
  return new ApiFailure(404, { detail: 'Not found.' });
}

export function unauthorized(detail: string, code?: string): ApiFailure {
  return new ApiFailure(401, code ? { detail, code } : { detail });
}

/** Field errors for the fields of `body` that are missing or blank. */
export function requireFields(body: Record<string, unknown>, fields: string[]): void {
  const errors: Record<string, string[]> = {};
  for (const field of fields) {
    const value = body[field];
    if (value === undefined || value === null) errors[field] = ['This field is required.'];
    else if (typeof value === 'string' && value.trim() === '')
      errors[field] = ['This field may not be blank.'];
  }
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
}

/** An e-mail address as the contract takes it (EmailValue's pattern, compiled). */
export { EMAIL_ADDRESS as EMAIL_PATTERN } from '../../../generated/rules/index';
