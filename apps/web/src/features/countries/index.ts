/** The countries feature's public face: what other features and the app may use. */

export { countriesQuery, countryQuery } from './countries.api.ts';
export { CountriesPage } from './countries-page.tsx';
export { useDepartmentLabel } from './use-department-label.ts';
