import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { WebhookSecretDialog } from './webhook-secret-dialog';

/** As long as a real one (whsec_ and 43 characters): wider than a 390 px phone's field. */
const SECRET = 'whsec_B4qvFajJrla7F_VVKAF3xjRfddKigk_fu5XD_dJ-hoo';

describe('the signing secret, shown once', () => {
  it('is read whole: a read-only field of several lines that breaks the secret anywhere, not one line that scrolls', () => {
    render(<WebhookSecretDialog secret={SECRET} message="Webhook added." onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Signing secret' });
    const field = within(dialog).getByLabelText('Signing secret');
    expect(field).toHaveValue(SECRET);
    expect(field).toHaveAttribute('readonly');
    // A one-line input hides what does not fit (on a phone, a third of the secret).
    expect(field.tagName).toBe('TEXTAREA');
    // No space in a secret: without break-all it would not wrap at all.
    expect(field).toHaveStyle({ wordBreak: 'break-all' });
    expect(within(dialog).getByRole('button', { name: 'Copy secret' })).toBeEnabled();
  });
});
