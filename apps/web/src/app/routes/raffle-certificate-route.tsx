import { CertificatePage } from '../../features/raffles/certificate-page.tsx';

export { RouteError as ErrorBoundary } from '../route-error.tsx';
export const Component = CertificatePage;
