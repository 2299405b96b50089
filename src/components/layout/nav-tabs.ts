export interface NavTab {
  to: '/dashboard' | '/values-mapper' | '/accounts';
  text: string;
  superAdminOnly: boolean;
}

/** The navbar tabs: the last two for super_admin only. */
export const TABS: readonly NavTab[] = [
  { to: '/dashboard', text: 'Update Feed', superAdminOnly: false },
  { to: '/values-mapper', text: 'Values Mapper', superAdminOnly: true },
  { to: '/accounts', text: 'Accounts', superAdminOnly: true },
];
