import { VerifyDrawPage } from '../../features/raffles/index.ts';

export { RouteError as ErrorBoundary } from '../route-error.tsx';
export const Component = VerifyDrawPage;
