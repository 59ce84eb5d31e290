import { useParams } from 'react-router';
import { pagesPath } from '../../lib/paths.ts';

/** The back-office address of a draw's certificate, in the current tenant. */
export function useCertificatePath() {
  const { tenant } = useParams();
  return (drawId: string) => `${pagesPath(tenant, 'raffles')}/draws/${drawId}`;
}
