import { CountriesPage } from '../../features/countries/countries-page.tsx';

export { RouteError as ErrorBoundary } from '../route-error.tsx';
export const Component = CountriesPage;
