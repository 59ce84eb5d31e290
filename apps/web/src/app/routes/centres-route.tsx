import { CentresPage } from '../../features/centres/index.ts';

export { RouteError as ErrorBoundary } from '../route-error.tsx';
export const Component = CentresPage;
