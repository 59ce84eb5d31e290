import { ParticipantsPage } from '../../features/participants/index.ts';

export { RouteError as ErrorBoundary } from '../route-error.tsx';
export const Component = ParticipantsPage;
