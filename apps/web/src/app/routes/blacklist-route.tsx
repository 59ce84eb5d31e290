import { BlacklistPage } from '../../features/blacklist/index.ts';

export { RouteError as ErrorBoundary } from '../route-error.tsx';
export const Component = BlacklistPage;
