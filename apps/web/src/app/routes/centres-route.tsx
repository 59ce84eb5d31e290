import { CentresPage } from '../../features/centres/centres-page.tsx';

export { RouteError as ErrorBoundary } from '../route-error.tsx';
export const Component = CentresPage;
