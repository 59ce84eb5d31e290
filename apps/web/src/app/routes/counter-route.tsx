import { CounterPage } from '../../features/redemption/index.ts';

export { RouteError as ErrorBoundary } from '../route-error.tsx';
export const Component = CounterPage;
