import { CounterPage } from '../../features/redemption/counter-page.tsx';

export { RouteError as ErrorBoundary } from '../route-error.tsx';
export const Component = CounterPage;
