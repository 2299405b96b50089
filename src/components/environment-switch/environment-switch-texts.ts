/** The two environments a tenant syncs with: Production when enabled, else Beta. */
export type EnvironmentName = 'Production' | 'Beta';

function environmentName(isProductionEnabled: boolean): EnvironmentName {
  return isProductionEnabled ? 'Production' : 'Beta';
}

/** The switch's button and confirmation texts, from the current environment. */
export function environmentSwitchTexts(isProductionEnabled: boolean) {
  const target = isProductionEnabled ? 'Beta' : 'Prod';
  const current = environmentName(isProductionEnabled);
  return {
    button: `Switch to ${target}`,
    title: `Are you sure you want to switch to ${target}?`,
    body: `The process is irreversible. This will delete all the sync logs, dashboard error logs, Salesforce custom attributes data mappings of ${current}. Do you wish to continue?`,
    accept: 'Confirm',
    decline: 'Cancel',
  } as const;
}
