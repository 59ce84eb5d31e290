export * from './auth.ts';
export * from './common.ts';
export * from './countries.ts';
export * from './errors.ts';
export * from './tenants.ts';
export * from './users.ts';
export * from './validation.ts';
