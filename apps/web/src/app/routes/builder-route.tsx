import { BuilderPage } from '../../features/builder/index.ts';

export { RouteError as ErrorBoundary } from '../route-error.tsx';
export const Component = BuilderPage;
