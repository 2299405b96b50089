/** Tag `launches`: the dashboard inbox of opportunities launched in ACE, and Resolve. */
import { operation, originOf, reply, sessionOf, type SandboxApp } from '../app';
import { recorded, unreadLaunchesView } from '../domain/activity-changes';
import { resolveLaunches, unreadLaunches } from '../domain/sync/launches';

export function registerLaunches(app: SandboxApp): void {
  operation(app, 'get', '/api/v1/salesforce/unread-launched-data', (call) => {
    const { tenantId } = sessionOf(call);
    return reply(200, unreadLaunches(call.deps.store.state, tenantId));
  });

  // A GET that changes data, as the specification has it.
  operation(app, 'get', '/api/v1/salesforce/resolve-launched-data', (call) => {
    const { tenantId } = sessionOf(call);
    const resolved = call.deps.store.transact((draft) =>
      recorded(
        draft,
        originOf(call),
        {
          area: 'launch',
          action: 'launch.resolved',
          target: { kind: 'launches', id: null, label: 'Launched opportunities' },
        },
        () => unreadLaunchesView(draft, tenantId),
        () => resolveLaunches(draft, tenantId),
      ),
    );
    return reply(200, {
      message:
        resolved === 0
          ? 'There are no unread launches.'
          : `All launches marked as resolved (${resolved}).`,
    });
  });
}
