import { CodesPage } from '../../features/reward-codes/index.ts';

export { RouteError as ErrorBoundary } from '../route-error.tsx';
export const Component = CodesPage;
