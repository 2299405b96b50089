/**
 * What the domain refuses, in its own terms: no HTTP status and no reply shape. Domain functions
 * throw these; the HTTP layer (../http-failure.ts) answers each with its status and the contract's
 * error body, in one place. Throwing inside `store.transact` also rolls the change back, so a
 * refused write leaves nothing half made.
 */
import { listBound, type OperationId } from '../contract';

export abstract class DomainError extends Error {}

/** No such thing in the caller's tenant (another tenant's ids included): it never says which. */
export class NotFound extends DomainError {
  constructor() {
    super('Not found.');
  }
}

/** The request's values break rules: the messages per field, Django REST framework style. */
export class Invalid extends DomainError {
  constructor(readonly fields: Record<string, string[]>) {
    super(JSON.stringify(fields));
  }
}

/** A new password the rules refuse (too short, too common, all digits): field errors too. */
export class WeakPassword extends Invalid {}

/** The request is refused as a whole, for one reason the user reads. */
export class Refused extends DomainError {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** The request collides with what is under way (a sync while another runs). */
export class Conflict extends DomainError {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** The caller is not, or no longer, signed in; `code` names why, as the API does. */
export class Unauthenticated extends DomainError {
  constructor(
    readonly detail: string,
    readonly code?: string,
  ) {
    super(detail);
  }
}

/** An upload beyond its size limit. */
export class TooLarge extends DomainError {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** Field errors: `{ field: ['message'] }`. */
export function fieldErrors(errors: Record<string, string[]>): Invalid {
  return new Invalid(errors);
}

/**
 * Refuses to store one more item once `count` items fill the list that the 200 reply of the
 * operation `listedBy` may hold (its `maxItems` in the contract): the sandbox never gives a reply
 * that breaks the contract, whatever was stored one item at a time.
 */
export function refuseBeyondListBound(count: number, listedBy: OperationId, what: string): void {
  const bound = listBound(listedBy);
  if (count > bound) throw refused(`A company can keep at most ${bound} ${what}.`);
}

/** Refused as a whole, with one message (what the app shows in its toast). */
export function refused(reason: string): Refused {
  return new Refused(reason);
}

/** An id that does not exist in the caller's tenant (another tenant's ids included). */
export function notFound(): NotFound {
  return new NotFound();
}

/** The caller's role may not do this (operations that declare the contract's Forbidden). */
export class Forbidden extends DomainError {
  constructor(readonly detail: string) {
    super(detail);
  }
}

export function forbidden(detail: string): Forbidden {
  return new Forbidden(detail);
}

export function unauthenticated(detail: string, code?: string): Unauthenticated {
  return new Unauthenticated(detail, code);
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
