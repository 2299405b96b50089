import type { WidgetProps } from '@rjsf/utils';

import { SelectWidget } from '@/components/schema-form/widgets';

/** The roles a super_admin can give: Super Admin or User. */
const OFFERED = new Set<unknown>(['super_admin', 'user']);

/**
 * The role select: offers Super Admin and User only. The schema also knows `admin`, so that
 * editing an existing admin (whose role cannot change there) still shows and validates.
 */
export function RoleWidget(props: WidgetProps) {
  const choices = (props.options.enumOptions ?? []).filter(
    (choice) => OFFERED.has(choice.value) || choice.value === props.value,
  );
  return <SelectWidget {...props} options={{ ...props.options, enumOptions: choices }} />;
}
