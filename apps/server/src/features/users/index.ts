/** The users feature's public face: what other features and the app may use. */
export { countUsers, findPrincipal, findUserByUsername, userNames } from './user-lookup.ts';
export { insertUser, updateUserRow } from './users.repository.ts';
export { getSessionUser, signOut } from './users.service.ts';
