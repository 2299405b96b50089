/**
 * The activity log's actions in words, wherever an event is shown (Activity, a sync run's changes
 * before it).
 */
/** The contract's actions in words. */
const ACTION_TEXT: Record<string, string> = {
  'mapping.changed': 'Changed a mapping',
  'mapping.auto_match': 'Ran AutoMatch',
  'mapping.imported': 'Imported mappings',
  'sync_filter.created': 'Added a sync filter',
  'sync_filter.changed': 'Changed a sync filter',
  'sync_filter.deleted': 'Deleted a sync filter',
  'override.saved': 'Saved override values',
  'rule.changed': 'Changed a rule',
  'mapping.reverted': 'Reverted a mapping change',
  'sync_filter.reverted': 'Reverted a sync filter change',
  'override.reverted': 'Reverted override values',
  'rule.reverted': 'Reverted a rule change',
  'user.invited': 'Invited a user',
  'user.reinvited': 'Re-invited a user',
  'user.renamed': 'Renamed a user',
  'user.role_changed': "Changed a user's role",
  'user.deleted': 'Deleted a user',
  'user.activated': 'Accepted an invitation',
  'user.alerts_changed': 'Changed e-mail alerts',
  'company.created': 'Created the company',
  'company.changed': 'Changed the company',
  'company.webhook_created': 'Added a webhook',
  'company.webhook_changed': 'Changed a webhook',
  'company.webhook_deleted': 'Deleted a webhook',
  'company.webhook_secret_rotated': "Made a webhook's new secret",
  'environment.switched': 'Switched the environment',
  'launch.resolved': 'Marked launches as read',
  'sync.started': 'Started a sync',
  'sync.retried': 'Retried failed records',
  'sync.errors_dismissed': 'Dismissed sync errors',
  'password.changed': 'Changed the password',
  'password.reset': 'Reset the password',
  'sign_in.succeeded': 'Signed in',
  'sign_in.refused': 'Sign-in refused',
};

/** An action in words; one the app does not know yet shows as it is (the contract says new ones may come). */
export function actionText(action: string): string {
  return ACTION_TEXT[action] ?? action;
}
