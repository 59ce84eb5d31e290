import { CountriesPage } from '../../features/countries/index.ts';

export { RouteError as ErrorBoundary } from '../route-error.tsx';
export const Component = CountriesPage;
