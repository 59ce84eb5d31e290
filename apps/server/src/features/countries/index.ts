/** The countries feature's public face: what other features and the app may use. */
export { seedCountries } from './countries.service.ts';
export { findCountry, findCountryCached } from './country-lookup.ts';
export { tenantCountry, tenantTimeZone } from './tenant-time-zone.ts';
