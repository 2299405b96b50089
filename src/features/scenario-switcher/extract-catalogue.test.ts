import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { extractCatalogue, extractScreens } from './extract-catalogue.mjs';

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

/** A tiny app source tree in a temporary folder: path (under src/) to content. */
function sourceTree(files: Record<string, string>): string {
  const src = join(mkdtempSync(join(tmpdir(), 'acebridge-screens-')), 'src');
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(src, path)), { recursive: true });
    writeFileSync(join(src, path), content);
  }
  trees.push(dirname(src));
  return src;
}
const trees: string[] = [];
afterAll(() => trees.forEach((tree) => rmSync(tree, { recursive: true, force: true })));

const operation = (id: string) => ({
  id,
  method: 'GET',
  path: `/${id}/`,
  summary: '',
  responses: [],
});
const tinyCatalogue = {
  title: 'Tiny',
  tags: [
    {
      name: 'all',
      operations: ['getHealth', 'login', 'getUser', 'getSyncStats', 'listUsers', 'listRuns'].map(
        operation,
      ),
    },
  ],
};

describe('extractScreens', () => {
  it("names each screen's operations from what its route imports, down to the generated client", () => {
    const src = sourceTree({
      'routes/__root.tsx': `import { Status } from '@/components/status/status';
        export const Route = createRootRouteWithContext()({ component: Status });`,
      'routes/_authenticated.tsx': `import { currentUser } from '@/features/auth/auth-queries';
        export const Route = createFileRoute('/_authenticated')({ beforeLoad: currentUser });`,
      'routes/_authenticated/dashboard.tsx': `import { DashboardPage } from '@/features/dashboard';
        import { screenHead } from '@/lib/title';
        export const Route = createFileRoute('/_authenticated/dashboard')({
          head: screenHead('Update Feed'),
          loader: async () => (await import('@/features/dashboard/dashboard-queries')).prefetch(),
        });`,
      'routes/login.tsx': `import { LoginPage } from '@/features/auth';
        export const Route = createFileRoute('/login')({ head: screenHead('User Login') });`,
      'routes/index.tsx': `export const Route = createFileRoute('/')({ beforeLoad: () => {} });`,
      'components/status/status.tsx': `import { getHealth } from '@generated/api/health/health';`,
      'features/auth/index.ts': `export { LoginPage } from './login-page';\n`,
      'features/auth/login-page.tsx': `import { getLoginMutationOptions } from '@generated/api/auth/auth';`,
      'features/auth/auth-queries.ts': `import { getGetUserQueryOptions } from '@generated/api/users/users';`,
      'features/dashboard/index.ts': `// The pages.\nexport { DashboardPage } from './dashboard-page';\nexport { RunsPage } from './runs-page';\n`,
      'features/dashboard/dashboard-page.tsx': `import {
          useGetSyncStats,
          getListUsersQueryKey,
          type SyncStats,
        } from '@generated/api/sync/sync';
        import { helper } from './helper';`,
      'features/dashboard/helper.ts': `export const helper = 1;`,
      'features/dashboard/dashboard-page.test.tsx': `import { useListRuns } from '@generated/api/sync/sync';`,
      'features/dashboard/runs-page.tsx': `import { useListRuns } from '@generated/api/sync/sync';`,
      'features/dashboard/dashboard-queries.ts': `import { getListUsersQueryOptions as users } from '@generated/api/users/users';`,
    });
    expect(extractScreens(src, tinyCatalogue)).toEqual([
      // The shell's calls, made on every screen, once.
      { name: 'Every screen', path: '*', features: [], operations: ['getHealth'] },
      // The guard's calls count for the screens under it; of the feature's index, only the page
      // the route imports; a query key or a test calls nothing.
      {
        name: 'Update Feed',
        path: '/dashboard',
        features: ['dashboard'],
        operations: ['getUser', 'getSyncStats', 'listUsers'],
      },
      { name: 'User Login', path: '/login', features: ['auth'], operations: ['login'] },
    ]);
  });
});
