/** The countries feature's public face: what other features and the app may use. */
export { findCountry } from './countries.repository.ts';
export { findCountryCached, seedCountries } from './countries.service.ts';
