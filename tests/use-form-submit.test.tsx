import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from '@/api/api-error';
import { ERROR_TEXT } from '@/api/error-messages';
import { createQueryClient } from '@/app/query-client';
import type { FieldMap } from '@/components/form/field-map';
import { useFormSubmit, type FormSubmitOptions } from '@/components/form/use-form-submit';
import { restoreWaits, waitMs } from '@/lib/timing';

import { withClient } from './render-with-client';
import { spyOnToasts, toasts } from './toaster-spies';

// Here rather than beside the hook: it runs under the app's own query client, whose cache would
// toast a failure too if the hook did not silence it, and components/ may not import app/.
spyOnToasts();

beforeEach(() => vi.clearAllMocks());

interface Reply {
  message: string;
}
type Send = (name: string) => Promise<Reply>;
type Field = 'email' | 'name';

/** The hook over a call the test answers, with the app's own query client (its toast policy). */
function renderSubmit(send: Send, options: FormSubmitOptions<Reply, unknown, string, Field>) {
  return renderHook(() => useFormSubmit({ mutationFn: send }, options), {
    wrapper: withClient(createQueryClient()),
  });
}

/** A call that answers when the test says so. */
function deferred() {
  let answer!: (reply: Reply) => void;
  let refuse!: (error: unknown) => void;
  const send = vi.fn<Send>(
    () =>
      new Promise<Reply>((resolve, reject) => {
        answer = resolve;
        refuse = reject;
      }),
  );
  // The mutation calls `send` a tick after `submit`.
  const sent = () => waitFor(() => expect(send).toHaveBeenCalled());
  return {
    send,
    answer: async (reply: Reply) => {
      await sent();
      await act(async () => answer(reply));
    },
    refuse: async (error: unknown) => {
      await sent();
      await act(async () => refuse(error));
    },
  };
}

/** The server's `email` and its nested `contact.email` under the form's email, `first_name` under its name. */
const FIELDS: FieldMap<Field> = {
  email: 'email',
  'contact.email': 'email',
  first_name: 'name',
};

const refusal = (status: number, body: unknown) =>
  new ApiError({ status, body, url: '/api/v1/things/' });

describe('useFormSubmit', () => {
  it('sends once while a submit is in flight, and again once it settled', async () => {
    const call = deferred();
    const { result } = renderSubmit(call.send, {});
    act(() => {
      result.current.submit('first');
      result.current.submit('second');
    });
    await waitFor(() => expect(result.current.busy).toBe(true));
    act(() => result.current.submit('third'));
    await call.answer({ message: 'ok' });
    await waitFor(() => expect(result.current.busy).toBe(false));
    expect(call.send).toHaveBeenCalledTimes(1);
    expect(call.send.mock.calls[0]?.[0]).toBe('first');

    act(() => result.current.submit('fourth'));
    await waitFor(() => expect(call.send).toHaveBeenCalledTimes(2));
    expect(call.send.mock.calls[1]?.[0]).toBe('fourth');
  });

  it('puts the reply’s field errors under the form’s fields, toasts nothing, and clears them on the next submit', async () => {
    const call = deferred();
    const { result } = renderSubmit(call.send, { fields: FIELDS });
    act(() => result.current.submit('dana'));
    await call.refuse(
      refusal(400, {
        errors: { email: ['This e-mail is taken.'], 'contact.email': 'Not an address.' },
      }),
    );
    await waitFor(() =>
      expect(result.current.fieldErrors).toEqual({
        email: ['This e-mail is taken.', 'Not an address.'],
      }),
    );
    expect(result.current.busy).toBe(false);
    expect(toasts.danger).not.toHaveBeenCalled();

    act(() => result.current.submit('dana'));
    expect(result.current.fieldErrors).toBeUndefined();
  });

  it('takes away only the edited field’s server error', async () => {
    const call = deferred();
    const { result } = renderSubmit(call.send, { fields: FIELDS });
    act(() => result.current.submit('dana'));
    await call.refuse(refusal(400, { email: ['Taken.'], first_name: ['Too short.'] }));
    await waitFor(() => expect(result.current.fieldErrors?.name).toEqual(['Too short.']));
    act(() => result.current.clearFieldErrors('name'));
    expect(result.current.fieldErrors).toEqual({ email: ['Taken.'] });
    act(() => result.current.clearFieldErrors('email'));
    expect(result.current.fieldErrors).toBeUndefined();
  });

  it('shows a quiet form’s refusal only through the form: no field errors, no toast', async () => {
    const call = deferred();
    const onError = vi.fn();
    const { result } = renderSubmit(call.send, { fields: FIELDS, quietRefusal: true, onError });
    act(() => result.current.submit('dana'));
    const error = refusal(400, { email: ['No such account.'] });
    await call.refuse(error);
    await waitFor(() => expect(onError).toHaveBeenCalledWith(error, 'dana'));
    expect(result.current.fieldErrors).toBeUndefined();
    expect(toasts.danger).not.toHaveBeenCalled();
  });

  it('toasts the error catalogue’s text, once, for a failure that names no field', async () => {
    const call = deferred();
    const { result } = renderSubmit(call.send, { fields: FIELDS });
    act(() => result.current.submit('dana'));
    await call.refuse(refusal(500, { detail: 'boom' }));
    await waitFor(() => expect(toasts.danger).toHaveBeenCalledWith(ERROR_TEXT.server));
    // The cache's own toast is off: the hook shows the failure, once.
    expect(toasts.danger).toHaveBeenCalledTimes(1);
    expect(result.current.fieldErrors).toBeUndefined();
    expect(result.current.busy).toBe(false);
  });

  it('leaves a failure without field errors to a form that shows it itself', async () => {
    const call = deferred();
    const onError = vi.fn();
    const { result } = renderSubmit(call.send, { fields: FIELDS, onError });
    act(() => result.current.submit('dana'));
    const error = refusal(400, { error: 'Invalid credentials.' });
    await call.refuse(error);
    await waitFor(() => expect(onError).toHaveBeenCalledWith(error, 'dana'));
    expect(toasts.danger).not.toHaveBeenCalled();
  });

  it('after a success, waits the success delay (a second) busy and locked, then moves on', async () => {
    restoreWaits();
    const SUCCESS_DELAY_MS = waitMs('successShown');
    expect(SUCCESS_DELAY_MS).toBe(1000);
    const call = deferred();
    const onSuccess = vi.fn();
    const next = vi.fn();
    const { result } = renderSubmit(call.send, { onSuccess, next });
    act(() => result.current.submit('dana'));
    await call.answer({ message: 'Saved.' });
    const answered = Date.now();
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith({ message: 'Saved.' }, 'dana'));
    expect(result.current.finishing).toBe(true);
    expect(result.current.busy).toBe(true);
    expect(next).not.toHaveBeenCalled();
    // A submit during the success's moment sends nothing.
    act(() => result.current.submit('again'));

    await waitFor(() => expect(next).toHaveBeenCalledWith({ message: 'Saved.' }), {
      timeout: SUCCESS_DELAY_MS * 2,
    });
    expect(Date.now() - answered).toBeGreaterThanOrEqual(SUCCESS_DELAY_MS - 20);
    await waitFor(() => expect(result.current.busy).toBe(false));
    expect(result.current.finishing).toBe(false);
    expect(call.send).toHaveBeenCalledTimes(1);
  });

  it('a success with no next is done at once: the form can send again', async () => {
    const call = deferred();
    const onSuccess = vi.fn();
    const { result } = renderSubmit(call.send, { onSuccess });
    act(() => result.current.submit('dana'));
    await call.answer({ message: 'Saved.' });
    await waitFor(() => expect(result.current.busy).toBe(false));
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(result.current.finishing).toBe(false);
    act(() => result.current.submit('dana'));
    await waitFor(() => expect(call.send).toHaveBeenCalledTimes(2));
  });
});
