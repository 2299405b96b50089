import type { RJSFSchema } from '@rjsf/utils';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { fieldErrorsOf } from '@/components/form/field-map';
import rawSchema from '@generated/forms/register-aws-purchase.schema.json';
import validateFns from '@generated/forms/register-aws-purchase.validator';
import uiSchema from '@schemas/register-aws-purchase.ui.json';

import { errorSchemaOf } from './errors';
import { SchemaForm } from './schema-form';
import { formValidator } from './validator';

const schema = rawSchema as RJSFSchema;
const validator = formValidator(validateFns, schema);

interface Registration {
  contact_person?: string;
  email?: string;
  contact_phone?: string;
  company_name?: string;
}

function Harness({
  onSubmit,
  serverBody,
}: {
  onSubmit: (data: Registration) => void;
  serverBody?: unknown;
}) {
  const [data, setData] = useState<Registration>({});
  return (
    <SchemaForm<Registration>
      schema={schema}
      uiSchema={uiSchema}
      validator={validator}
      formData={data}
      onChange={setData}
      onSubmit={onSubmit}
      serverErrors={fieldErrorsOf(serverBody, { email: 'email' })}
    >
      <button type="submit">Register</button>
    </SchemaForm>
  );
}

describe('SchemaForm', () => {
  it('shows no message before a field is touched, then the schema’s message once it is', async () => {
    const user = userEvent.setup();
    render(<Harness onSubmit={vi.fn()} />);
    expect(screen.queryByText('Required Field')).not.toBeInTheDocument();
    await user.click(screen.getByLabelText(/Contact Person/));
    await user.tab();
    expect(await screen.findByText('Required Field')).toBeInTheDocument();
    expect(screen.getByLabelText(/Contact Person/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks the e-mail format with the spec’s message', async () => {
    const user = userEvent.setup();
    render(<Harness onSubmit={vi.fn()} />);
    await user.type(screen.getByLabelText(/^Email/), 'not-an-email');
    await user.tab();
    expect(await screen.findByText('Invalid Email')).toBeInTheDocument();
  });

  it('on a submit with nothing filled marks every field and does not submit', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findAllByText('Required Field')).toHaveLength(4);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits valid data, keeping what was typed', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText(/Contact Person/), 'Dana Whitfield');
    await user.type(screen.getByLabelText(/^Email/), 'dana@acme-cloud.com');
    await user.type(screen.getByLabelText(/Contact Phone/), '+1 206 555 0100');
    await user.type(screen.getByLabelText(/Company Name/), 'Acme Cloud');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(onSubmit).toHaveBeenCalledWith({
      contact_person: 'Dana Whitfield',
      email: 'dana@acme-cloud.com',
      contact_phone: '+1 206 555 0100',
      company_name: 'Acme Cloud',
    });
  });

  it('shows server field errors under their field at once', async () => {
    render(
      <Harness
        onSubmit={vi.fn()}
        serverBody={{ email: ['A registration with this e-mail exists.'] }}
      />,
    );
    expect(await screen.findByText('A registration with this e-mail exists.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('stops a field at the contract’s bound, and says so for a longer value', async () => {
    const user = userEvent.setup();
    render(<Harness onSubmit={vi.fn()} />);
    const phone = screen.getByLabelText(/Contact Phone/);
    expect(phone).toHaveAttribute('maxLength', '32');
    const errors = validator.validateFormData({ contact_phone: '1'.repeat(33) }, schema).errors;
    expect(errors.map((error) => error.message)).toContain(
      'Ensure this field has no more than 32 characters.',
    );
    await user.type(phone, '2'.repeat(40));
    expect(phone).toHaveValue('2'.repeat(32));
  });
});

describe('server field errors', () => {
  it('maps server fields to form paths, reading a nested errors property too', () => {
    const map = { password: 'admin.password', first_name: 'admin.name', last_name: 'admin.name' };
    const errors = fieldErrorsOf(
      { errors: { password: ['Too short.'], first_name: 'A', last_name: ['B'] } },
      map,
    );
    expect(errorSchemaOf(errors)).toEqual({
      admin: { password: { __errors: ['Too short.'] }, name: { __errors: ['A', 'B'] } },
    });
    expect(fieldErrorsOf({ detail: 'x' }, map)).toBeUndefined();
  });
});
