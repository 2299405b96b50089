import { vi } from 'vitest';
import type { User } from '@generated/api/model';
import { session, type SessionUser } from '@/api/session';

/** Test helpers for Company Settings: a signed-in session and a fake backend. */

export const DANA: User = {
  id: 1,
  first_name: 'Dana',
  middle_name: null,
  last_name: 'Whitfield',
  email: 'dana.whitfield@acme-cloud.com',
  role: 'super_admin',
  is_active: true,
};

export const USERS: User[] = [
  DANA,
  {
    id: 2,
    first_name: 'Marcus',
    middle_name: null,
    last_name: 'Oyelaran',
    email: 'marcus.oyelaran@acme-cloud.com',
    role: 'user',
    is_active: true,
  },
  {
    id: 3,
    first_name: 'Priya',
    middle_name: 'Kaur',
    last_name: 'Raman',
    email: 'priya.raman@acme-cloud.com',
    role: 'admin',
    is_active: true,
  },
  {
    id: 4,
    first_name: 'Tomás',
    middle_name: null,
    last_name: 'Rivera',
    email: 'tomas.rivera@acme-cloud.com',
    role: 'user',
    is_active: false,
  },
];

const base64Url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

/** Signs `user` in to tenant 1 (the access token carries tenant_id and user_id). */
export function signIn(user: SessionUser) {
  const access = `${base64Url({ alg: 'none' })}.${base64Url({ tenant_id: 1, user_id: user.id })}.x`;
  session.start({ user, access, refresh: 'refresh-token' });
}

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

type Reply = { status: number; body?: unknown };
export type Route = (call: Call) => Reply | undefined;

const json = ({ status, body }: Reply) =>
  new Response(status === 204 ? null : JSON.stringify(body ?? {}), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/** The happy path of every call Company Settings makes. */
const defaults: Route = ({ method, path }) => {
  if (method === 'GET' && path === '/api/v1/users/')
    return { status: 200, body: { results: USERS } };
  if (method === 'GET' && path === '/api/v1/tenants/1/') {
    return {
      status: 200,
      body: {
        id: 1,
        company_name: 'Acme Cloud Solutions',
        subdomain_prefix: 'acme',
        aws_partner_status: 'premier',
        subscription: 'Enterprise',
        is_production_enabled: false,
        is_lead_create_allowed_in_sf: true,
        is_opportunity_create_allowed_in_sf: false,
      },
    };
  }
  if (path === '/api/v1/tenants/check-connection/') {
    return { status: 200, body: { salesforce_connection: 'Failed', aws_connection: 'ok' } };
  }
  if (path === '/api/v1/tenants/invite-users/') return { status: 201, body: USERS[3] };
  if (path === '/api/v1/tenants/resend-user-invite/')
    return { status: 200, body: { message: 'ok' } };
  if (method === 'PATCH') return { status: 200, body: USERS[1] };
  if (method === 'DELETE') return { status: 204 };
  if (path === '/api/v1/auth/password/change/') {
    return { status: 200, body: { message: 'Password updated successfully.' } };
  }
  return undefined;
};

/**
 * Answers every call with `routes` first, then the happy path; records each call. An unknown call
 * fails the test.
 */
export function fakeBackend(...routes: Route[]): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call: Call = {
        method: init.method ?? 'GET',
        path: new URL(url, 'http://app.test').pathname,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      for (const route of [...routes, defaults]) {
        const reply = route(call);
        if (reply) return json(reply);
      }
      throw new Error(`Unexpected call ${call.method} ${call.path}`);
    }),
  );
  return calls;
}

/** The calls that changed something. */
export const writes = (calls: Call[]) => calls.filter((call) => call.method !== 'GET');
