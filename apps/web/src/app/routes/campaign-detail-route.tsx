import { lazy } from 'react';
import { CampaignDetailPage, type CampaignStatisticsView } from '../../features/campaigns/index.ts';
import { GoLivePanel } from '../../features/go-live/index.ts';

export { RouteError as ErrorBoundary } from '../route-error.tsx';

// The charts (and their library) download only when the statistics tab opens.
const StatisticsView: CampaignStatisticsView = lazy(() =>
  import('../../features/statistics/index.ts').then((module) => ({ default: module.StatisticsView })),
);

export function Component() {
  return <CampaignDetailPage statisticsView={StatisticsView} goLiveView={GoLivePanel} />;
}
