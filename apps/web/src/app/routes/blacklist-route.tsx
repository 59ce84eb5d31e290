import { BlacklistPage } from '../../features/blacklist/blacklist-page.tsx';

export { RouteError as ErrorBoundary } from '../route-error.tsx';
export const Component = BlacklistPage;
