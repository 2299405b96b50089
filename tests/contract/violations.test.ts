import { describe, expect, it } from 'vitest';

import { createOperationNamer, createViolationLog, violationsOf } from './violations.mjs';

const doc = {
  paths: {
    '/api/v1/users/{id}/': { get: { operationId: 'getUser' }, parameters: [] },
    '/api/v1/users/me/': { get: { operationId: 'getMe' } },
  },
};

describe('violationsOf', () => {
  it("reads Prism's sl-violations header", () => {
    const header = JSON.stringify([
      {
        location: ['response', 'body'],
        severity: 'Error',
        code: 'required',
        message: "must have required property 'refresh'",
      },
    ]);
    expect(violationsOf({ headers: { 'sl-violations': header }, body: undefined })).toEqual([
      {
        location: 'response.body',
        message: "must have required property 'refresh'",
        severity: 'error',
      },
    ]);
  });

  it("reads a request Prism refused (problem+json) as the request's violations", () => {
    const body = JSON.stringify({
      type: 'https://stoplight.io/prism/errors#UNPROCESSABLE_ENTITY',
      title: 'Invalid request',
      validation: [
        {
          location: ['body'],
          severity: 'Error',
          message: "must have required property 'password'",
        },
      ],
    });
    const headers = { 'content-type': 'application/problem+json' };
    expect(violationsOf({ headers, body })).toEqual([
      {
        location: 'request.body',
        message: "must have required property 'password'",
        severity: 'error',
      },
    ]);
  });

  it('reports a route that is not in the contract', () => {
    const body = JSON.stringify({
      type: 'https://stoplight.io/prism/errors#NO_PATH_MATCHED_ERROR',
      title: 'Route not resolved, no path matched',
    });
    const headers = { 'content-type': 'application/problem+json' };
    expect(violationsOf({ headers, body })).toEqual([
      {
        location: 'NO_PATH_MATCHED_ERROR',
        message: 'Route not resolved, no path matched',
        severity: 'error',
      },
    ]);
  });

  it("leaves the backend's own replies alone", () => {
    const problem = JSON.stringify({ type: 'https://example.com/errors#x', title: 'Backend' });
    expect(
      violationsOf({ headers: { 'content-type': 'application/problem+json' }, body: problem }),
    ).toEqual([]);
    expect(violationsOf({ headers: { 'content-type': 'application/json' }, body: '{}' })).toEqual(
      [],
    );
  });
});

describe('violation log', () => {
  const name = createOperationNamer(doc);

  it('names the contract operation of a concrete URL, literal paths first', () => {
    expect(name('GET', '/api/v1/users/7/?fields=id')).toBe('GET /api/v1/users/{id}/ (getUser)');
    expect(name('GET', '/api/v1/users/me/')).toBe('GET /api/v1/users/me/ (getMe)');
    expect(name('DELETE', '/api/v1/users/7/')).toBe('DELETE /api/v1/users/7/');
  });

  it('prints each violating exchange and sums the violations up', () => {
    const log = createViolationLog(name);
    const missing = { location: 'response.body', message: 'no email', severity: 'error' };
    const at = new Date(2026, 0, 1, 9, 5, 7);
    expect(
      log.record({ method: 'GET', url: '/api/v1/users/me/', status: 200, violations: [] }),
    ).toEqual([]);
    expect(
      log.record({
        method: 'GET',
        url: '/api/v1/users/1/',
        status: 500,
        violations: [missing],
        at,
      }),
    ).toEqual([
      '09:05:07 VIOLATION GET /api/v1/users/1/ -> 500 [GET /api/v1/users/{id}/ (getUser)]',
      "    error   the backend's response broke it: response.body: no email",
    ]);
    log.record({ method: 'GET', url: '/api/v1/users/2/', status: 500, violations: [missing] });
    expect(log.violationCount).toBe(2);
    expect(log.summary()).toBe(
      [
        'Contract proxy summary: 3 request(s), 2 with violations, 2 violation(s).',
        '  GET /api/v1/users/{id}/ (getUser)',
        "      2x error response.body: no email (the backend's response broke it)",
      ].join('\n'),
    );
  });

  it('shows the offending value, the request id and which side broke the contract', () => {
    const log = createViolationLog(name);
    const at = new Date(2026, 0, 1, 9, 5, 7);
    expect(
      log.record({
        method: 'GET',
        url: '/api/v1/users/1/',
        status: 500,
        at,
        requestId: 'b2e55ac9',
        responseBody: JSON.stringify({ id: 1, role: 'owner' }),
        violations: [
          {
            location: 'response.body.role',
            message: 'must be equal to one of the allowed values',
            severity: 'error',
          },
        ],
      }),
    ).toEqual([
      '09:05:07 VIOLATION GET /api/v1/users/1/ -> 500 [GET /api/v1/users/{id}/ (getUser)], request id b2e55ac9',
      `    error   the backend's response broke it: response.body.role = "owner": must be equal to one of the allowed values`,
    ]);
    expect(
      log
        .record({
          method: 'POST',
          url: '/api/v1/tenants/invite-users/?page=x',
          status: 422,
          at,
          requestBody: JSON.stringify({ email: 42 }),
          violations: [
            { location: 'request.body.email', message: 'must be string', severity: 'error' },
            { location: 'request.query.page', message: 'must be integer', severity: 'error' },
          ],
        })
        .slice(1),
    ).toEqual([
      "    error   the app's request broke it: request.body.email = 42: must be string",
      `    error   the app's request broke it: request.query.page = "x": must be integer`,
    ]);
  });

  it('prints a response the sandbox stack checked (and printed) once, as a notice, and still counts it', () => {
    const log = createViolationLog(name);
    const flagged = {
      method: 'GET',
      url: '/api/v1/users/1/',
      status: 500,
      checkedUpstream: true,
      violations: [{ location: 'response.body', message: 'no email', severity: 'error' }],
    };
    expect(log.record(flagged)).toEqual([
      expect.stringMatching(/The backend is a sandbox stack: its own Prism checks its responses/),
    ]);
    expect(log.record(flagged)).toEqual([]);
    expect(log.violationCount).toBe(2);
  });

  it('says when there were none', () => {
    expect(createViolationLog(name).summary()).toMatch(/No contract violations\.$/);
  });
});
