import { z } from 'zod';
import { Email, Id, IsoDateTime, ListQuery, Password, Role, TenantSlug, Text } from './common.ts';

export const Username = z
  .string({ error: 'FIELD_REQUIRED' })
  .trim()
  .min(3, { error: 'FIELD_TOO_SHORT' })
  .max(60, { error: 'FIELD_TOO_LONG' })
  .regex(/^[a-zA-Z0-9._-]+$/, { error: 'SPECIAL_CHARACTERS' });

export const User = z.object({
  id: Id,
  username: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  role: Role,
  centreId: z.string().nullable(),
  active: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof User>;

export const RegisterUser = z.strictObject({
  username: Username,
  password: Password,
  role: Role,
  name: Text(120).optional(),
  email: Email.optional(),
  centreId: Id.optional().describe('redemption centre of an OPERATOR'),
});
export type RegisterUser = z.infer<typeof RegisterUser>;

export const UpdateUser = z.strictObject({
  name: Text(120).nullable().optional(),
  email: Email.nullable().optional(),
  role: Role.optional(),
  centreId: Id.nullable().optional(),
  active: z.boolean().optional(),
});
export type UpdateUser = z.infer<typeof UpdateUser>;

export const UserListQuery = ListQuery.extend({
  role: Role.optional(),
});
export type UserListQuery = z.infer<typeof UserListQuery>;

export const USER_SORTS = ['username', 'name', 'role', 'createdAt', 'lastLoginAt'] as const;

const TableKey = z.string().max(60);
const TableSetting = z.object({ pageSize: z.number().int().min(1).max(200).optional() });
const configurationFields = {
  locale: z.enum(['es', 'en'], { error: 'FIELD_INVALID' }),
  theme: z.enum(['light', 'dark-purple'], { error: 'FIELD_INVALID' }).nullable(),
  persistentLogin: z.boolean({ error: 'FIELD_INVALID' }),
  tableSettings: z.record(TableKey, TableSetting),
};

/** A user's preferences, with the defaults of a user who never set any. */
export const UserConfiguration = z.strictObject({
  locale: configurationFields.locale.default('es'),
  theme: configurationFields.theme.default(null),
  persistentLogin: configurationFields.persistentLogin.default(false),
  tableSettings: configurationFields.tableSettings.default({}),
});
export type UserConfiguration = z.infer<typeof UserConfiguration>;
/**
 * A change of preferences: only the fields sent change; `tableSettings` is merged table by table
 * (a table set to null forgets its settings).
 */
export const UpdateUserConfiguration = z
  .strictObject({
    ...configurationFields,
    tableSettings: z.record(TableKey, TableSetting.nullable()),
  })
  .partial();
export type UpdateUserConfiguration = z.infer<typeof UpdateUserConfiguration>;

export const ChangePassword = z.strictObject({
  currentPassword: z.string().max(200).optional().describe('required when changing your own'),
  newPassword: Password,
});
export type ChangePassword = z.infer<typeof ChangePassword>;

export const ForgotPassword = z.strictObject({
  tenant: TenantSlug.optional(),
  username: Username,
});
export type ForgotPassword = z.infer<typeof ForgotPassword>;

export const ResetPassword = z.strictObject({
  uuid: z.uuid({ error: 'PASSWORD_RESET_INVALID' }),
  newPassword: Password,
});
export type ResetPassword = z.infer<typeof ResetPassword>;

export const PasswordResetLink = z.object({ link: z.string(), expiresAt: IsoDateTime });
