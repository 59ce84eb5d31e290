import { CodesPage } from '../../features/reward-codes/codes-page.tsx';

export { RouteError as ErrorBoundary } from '../route-error.tsx';
export const Component = CodesPage;
