export interface NavTab {
  to: '/dashboard' | '/values-mapper' | '/accounts' | '/activity';
  text: string;
  superAdminOnly: boolean;
}

/** The navbar tabs: all but the Update Feed for super_admin only. */
export const TABS: readonly NavTab[] = [
  { to: '/dashboard', text: 'Update Feed', superAdminOnly: false },
  { to: '/values-mapper', text: 'Values Mapper', superAdminOnly: true },
  { to: '/accounts', text: 'Accounts', superAdminOnly: true },
  { to: '/activity', text: 'Activity', superAdminOnly: true },
];
