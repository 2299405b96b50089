/**
 * How the sandbox answers a refusal: the one place where the domain's errors (domain/failure.ts)
 * get their HTTP status and the contract's error body. What only HTTP knows (a page past the end,
 * a throttle, a missing XSRF token, a body that is not JSON, an endpoint that nests its field
 * errors) the HTTP layer throws as an `HttpFailure`, with its status and body already.
 */
import type { Schemas } from './contract';
import {
  Conflict,
  Forbidden,
  Invalid,
  NotFound,
  Refused,
  TooLarge,
  Unauthenticated,
} from './domain/failure';

type FailureBody = Schemas['BadRequestError'] | Schemas['ErrorBody'];
type FailureStatus = 400 | 401 | 403 | 404 | 413 | 429 | 500;

export class HttpFailure extends Error {
  constructor(
    readonly status: FailureStatus,
    readonly body: FailureBody,
  ) {
    super(`${status} ${JSON.stringify(body)}`);
  }
}

/** The reply to a refusal, or undefined for any other error (a fault of the sandbox). */
export function failureReply(
  error: unknown,
): { status: FailureStatus; body: FailureBody } | undefined {
  if (error instanceof HttpFailure) return error;
  if (error instanceof Invalid) return { status: 400, body: error.fields };
  if (error instanceof Refused) return { status: 400, body: { error: error.reason } };
  // The contract answers a collision 400, its reason under `message`.
  if (error instanceof Conflict) return { status: 400, body: { message: error.reason } };
  if (error instanceof Forbidden) return { status: 403, body: { detail: error.detail } };
  if (error instanceof NotFound) return { status: 404, body: { detail: 'Not found.' } };
  if (error instanceof Unauthenticated) {
    const { detail, code } = error;
    return { status: 401, body: code ? { detail, code } : { detail } };
  }
  if (error instanceof TooLarge) return { status: 413, body: { error: error.reason } };
  return undefined;
}

/** An endpoint that nests its field errors under `errors`: `{ errors: { field: [...] } }`. */
export function nestedFieldErrors(error: Invalid): HttpFailure {
  return new HttpFailure(400, { errors: error.fields });
}
