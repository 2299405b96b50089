/** The texts of the confirmation asked before a user is deleted. */
export const deleteUserTitle = (name: string) => `Delete User ${name}?`;

export const DELETE_USER_BODY =
  'You are going to delete this user. The process is irreversible. Are you sure you want to delete this user?';
