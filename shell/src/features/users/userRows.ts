import type { ServerTableSpec } from '@deals/shared-auth/ui';

export const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/**
 * The users table's search fields as the API takes them (`GET Users/GetAllUsers?page=…`):
 * text fields match anywhere, ignoring case; the Yes/No flags are 'true'/'false'. The sortable
 * columns' keys are the API's (username, fullName, isActive, isAdmin).
 */
export const USER_TABLE_SPEC: ServerTableSpec = {
  fields: {
    username: {},
    fullName: {},
    isActive: {},
    isAdmin: {},
  },
};
