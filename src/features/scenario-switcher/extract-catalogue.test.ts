import { describe, expect, it } from 'vitest';

import { extractCatalogue } from './extract-catalogue.mjs';

const doc = {
  openapi: '3.1.0',
  info: { title: 'Tiny', version: '2.0.0' },
  tags: [{ name: 'users' }, { name: 'auth' }],
  paths: {
    '/api/login/': {
      post: {
        operationId: 'login',
        tags: ['auth'],
        summary: 'Sign in',
        responses: {
          '401': { $ref: '#/components/responses/Unauthorized' },
          '200': {
            description: 'Signed in.\nMore text.',
            content: {
              'application/json': {
                examples: {
                  admin: { summary: 'An admin' },
                  shared: { $ref: '#/components/examples/Shared' },
                },
              },
            },
          },
        },
      },
    },
    '/api/users/{id}/': {
      parameters: [{ name: 'id', in: 'path' }],
      get: { operationId: 'getUser', tags: ['users'], summary: 'One user', responses: {} },
      delete: {
        operationId: 'deleteUser',
        tags: ['users'],
        summary: 'Delete',
        responses: { '204': { description: 'Deleted' }, default: { description: 'Any' } },
      },
    },
  },
  components: {
    responses: {
      Unauthorized: {
        description: 'No token',
        content: { 'application/json': { examples: { tokenInvalid: { summary: 'Expired' } } } },
      },
    },
    examples: { Shared: { summary: 'Shared example', value: {} } },
  },
};

describe('extractCatalogue', () => {
  it('groups operations by tag in the contract order, with status codes and named examples', () => {
    expect(extractCatalogue(doc)).toEqual({
      title: 'Tiny 2.0.0',
      tags: [
        {
          name: 'users',
          operations: [
            {
              id: 'getUser',
              method: 'GET',
              path: '/api/users/{id}/',
              summary: 'One user',
              responses: [],
            },
            {
              id: 'deleteUser',
              method: 'DELETE',
              path: '/api/users/{id}/',
              summary: 'Delete',
              responses: [{ code: '204', description: 'Deleted', examples: [] }],
            },
          ],
        },
        {
          name: 'auth',
          operations: [
            {
              id: 'login',
              method: 'POST',
              path: '/api/login/',
              summary: 'Sign in',
              responses: [
                {
                  code: '200',
                  description: 'Signed in.',
                  examples: [
                    { name: 'admin', summary: 'An admin' },
                    { name: 'shared', summary: 'Shared example' },
                  ],
                },
                {
                  code: '401',
                  description: 'No token',
                  examples: [{ name: 'tokenInvalid', summary: 'Expired' }],
                },
              ],
            },
          ],
        },
      ],
    });
  });

  it('refuses a reference it cannot follow', () => {
    const broken = {
      paths: { '/x': { get: { responses: { '200': { $ref: '#/components/responses/Gone' } } } } },
    };
    expect(() => extractCatalogue(broken)).toThrow('#/components/responses/Gone');
  });
});
