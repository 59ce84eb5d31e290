import { BuilderPage } from '../../features/builder/builder-page.tsx';

export { RouteError as ErrorBoundary } from '../route-error.tsx';
export const Component = BuilderPage;
