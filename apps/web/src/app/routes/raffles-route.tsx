import { RafflesPage } from '../../features/raffles/raffles-page.tsx';

export { RouteError as ErrorBoundary } from '../route-error.tsx';
export const Component = RafflesPage;
