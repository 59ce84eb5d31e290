/** The users feature's public face: what other features and the app may use. */

export { changePassword, configurationQuery, updateConfiguration } from './users.api.ts';
export { useChangePassword, useUpdateConfiguration } from './users.hooks.ts';
export { UsersPage } from './users-page.tsx';
