/**
 * Tag `webhooks`: the company's signed webhooks (super_admin only: 403 for a `user`; another
 * company's webhook is 404). The rules are domain/webhooks.ts's; every change is recorded in the
 * activity log through `record`, without the secret, which only the create and rotate replies
 * carry. Test deliveries are throttled per company (`webhookTestsPerTenant`, 429).
 */
import {
  operation,
  originOf,
  publicUrl,
  reply,
  sessionOf,
  type SandboxApp,
  type SandboxDeps,
} from '../app';
import type { Schemas } from '../contract';
import { record } from '../domain/activity';
import { recorded } from '../domain/activity-changes';
import { fieldErrors, Invalid } from '../domain/failure';
import { superAdminOnly } from '../domain/tenant-access';
import {
  addWebhook,
  changeWebhook,
  checkedEvents,
  checkedUrl,
  createWebhookDispatcher,
  deliveriesOf,
  deliveryView,
  findWebhook,
  removeWebhook,
  rotateSecret,
  SANDBOX_WEBHOOK_POLICY,
  tenantWebhooks,
  webhookActivityView,
  webhookView,
  type WebhookDispatcher,
} from '../domain/webhooks';
import type { State, WebhookRow } from '../store/state';
import { paginate } from './paging';
import { countAttempt } from './throttling';

const WHAT = 'manage webhooks';

/**
 * The sandbox's dispatcher (server.ts makes one); a bare app (the app's component tests) gets one
 * on first use, with the sandbox's policy and the system's resolver.
 */
function dispatcherOf(deps: SandboxDeps): WebhookDispatcher {
  deps.webhooks ??= createWebhookDispatcher({
    store: deps.store,
    now: deps.now,
    policy: SANDBOX_WEBHOOK_POLICY,
    onMail: deps.onMail,
  });
  return deps.webhooks;
}

const target = (row: Pick<WebhookRow, 'id' | 'url'>) => ({
  kind: 'webhook',
  id: row.id,
  label: row.url,
});

export function registerWebhooks(app: SandboxApp): void {
  operation(app, 'get', '/api/v1/webhooks/', (call) => {
    const { state } = call.deps.store;
    const { tenant } = superAdminOnly(state, sessionOf(call), WHAT);
    return reply(200, {
      results: tenantWebhooks(state, tenant.id).map((row) => webhookView(state, row)),
    });
  });

  operation(app, 'post', '/api/v1/webhooks/', (call) => {
    const { deps } = call;
    const { tenant } = superAdminOnly(deps.store.state, sessionOf(call), WHAT);
    const body = (call.body ?? {}) as Partial<Schemas['WebhookCreate']>;
    const { policy } = dispatcherOf(deps);
    // Both fields are checked, and every refusal answered at once.
    const errors: Record<string, string[]> = {};
    const checked = <T>(check: () => T): T | undefined => {
      try {
        return check();
      } catch (error) {
        if (!(error instanceof Invalid)) throw error;
        Object.assign(errors, error.fields);
        return undefined;
      }
    };
    const url = checked(() => checkedUrl(body.url, policy));
    const events = checked(() => checkedEvents(body.events));
    if (url === undefined || events === undefined) throw fieldErrors(errors);
    const row = deps.store.transact((draft) => {
      const made = addWebhook(draft, tenant.id, { url, events }, deps.now());
      record(draft, originOf(call), {
        area: 'company',
        action: 'company.webhook_created',
        target: target(made),
        before: null,
        after: webhookActivityView(made),
      });
      return { ...made };
    });
    return reply(201, {
      message: 'Webhook added. Copy its signing secret now; it will not be shown again.',
      secret: row.secret,
      webhook: webhookView(deps.store.state, row),
    });
  });

  operation(app, 'patch', '/api/v1/webhooks/{id}/', (call) => {
    const { deps } = call;
    const { tenant } = superAdminOnly(deps.store.state, sessionOf(call), WHAT);
    const found = findWebhook(deps.store.state, tenant.id, call.params.id ?? '');
    const body = (call.body ?? {}) as Schemas['WebhookUpdate'];
    const { policy } = dispatcherOf(deps);
    const changes = {
      url: body.url === undefined ? undefined : checkedUrl(body.url, policy),
      events: body.events === undefined ? undefined : checkedEvents(body.events),
      status: body.status,
    };
    if (Object.values(changes).every((value) => value === undefined))
      throw fieldErrors({
        non_field_errors: ['Send the url, the events or the status to change.'],
      });
    deps.store.transact((draft) => {
      const row = findWebhook(draft, tenant.id, found.id);
      recorded(
        draft,
        originOf(call),
        { area: 'company', action: 'company.webhook_changed', target: target(row) },
        () => webhookActivityView(row),
        () => changeWebhook(row, changes),
      );
    });
    // Resumed: what was queued while it was paused goes now.
    if (changes.status === 'active') dispatcherOf(deps).kick();
    const row = findWebhook(deps.store.state, tenant.id, found.id);
    return reply(200, webhookView(deps.store.state, row));
  });

  operation(app, 'delete', '/api/v1/webhooks/{id}/', (call) => {
    const { deps } = call;
    const { tenant } = superAdminOnly(deps.store.state, sessionOf(call), WHAT);
    const found = findWebhook(deps.store.state, tenant.id, call.params.id ?? '');
    deps.store.transact((draft) => {
      recorded(
        draft,
        originOf(call),
        { area: 'company', action: 'company.webhook_deleted', target: target(found) },
        () => webhookActivityView((draft as State).webhooks.find((row) => row.id === found.id)),
        () => removeWebhook(draft, found.id),
      );
    });
    return reply(204, undefined);
  });

  operation(app, 'post', '/api/v1/webhooks/{id}/rotate-secret/', (call) => {
    const { deps } = call;
    const { tenant } = superAdminOnly(deps.store.state, sessionOf(call), WHAT);
    const found = findWebhook(deps.store.state, tenant.id, call.params.id ?? '');
    const secret = deps.store.transact((draft) => {
      const row = findWebhook(draft, tenant.id, found.id);
      // The event says that the secret changed, never what it was or is.
      record(draft, originOf(call), {
        area: 'company',
        action: 'company.webhook_secret_rotated',
        target: target(row),
        before: null,
        after: null,
      });
      return rotateSecret(row);
    });
    return reply(200, {
      message: 'New signing secret made. Copy it now; it will not be shown again.',
      secret,
      webhook: webhookView(deps.store.state, findWebhook(deps.store.state, tenant.id, found.id)),
    });
  });

  operation(app, 'post', '/api/v1/webhooks/{id}/test/', async (call) => {
    const { deps } = call;
    const { tenant } = superAdminOnly(deps.store.state, sessionOf(call), WHAT);
    const found = findWebhook(deps.store.state, tenant.id, call.params.id ?? '');
    // Each test sends a request to the receiver at once: counted per company across its
    // webhooks, so that a test cannot be used to flood a receiver. Only a test that goes ahead is
    // counted: not a 403 or a 404, nor one refused here while the counter is full.
    countAttempt(call, [{ limit: 'webhookTestsPerTenant', key: String(tenant.id) }]);
    const delivery = await dispatcherOf(deps).sendTest(tenant.id, found.id);
    return reply(200, deliveryView(delivery));
  });

  operation(app, 'get', '/api/v1/webhooks/{id}/deliveries/', (call) => {
    const { state } = call.deps.store;
    const { tenant } = superAdminOnly(state, sessionOf(call), WHAT);
    const row = findWebhook(state, tenant.id, call.params.id ?? '');
    const rows = deliveriesOf(state, row.id).map(deliveryView);
    return reply(200, paginate(rows, publicUrl(call.context), call.query));
  });
}
