import { registerAuthRoutes } from './auth/auth.routes.ts';
import { registerBlacklistRoutes } from './blacklist/blacklist.routes.ts';
import { registerCampaignsRoutes } from './campaigns/campaigns.routes.ts';
import { registerCentresRoutes } from './centres/centres.routes.ts';
import { registerCountriesRoutes } from './countries/countries.routes.ts';
import { registerGoLiveRoutes } from './go-live/go-live.routes.ts';
import { registerHomeRoutes } from './home/home.routes.ts';
import { registerImagesRoutes } from './images/images.routes.ts';
import { registerInstantAwardsRoutes } from './instant-awards/instant-awards.routes.ts';
import { registerLandingsRoutes } from './landings/landings.routes.ts';
import { registerMarketPagesRoutes } from './market-pages/market-pages.routes.ts';
import { registerMarketplaceRoutes } from './marketplace/marketplace.routes.ts';
import { registerParticipantsRoutes } from './participants/participants.routes.ts';
import { registerParticipationsRoutes } from './participations/participations.routes.ts';
import { registerPointsRoutes } from './points/points.routes.ts';
import { registerProductsRoutes } from './products/products.routes.ts';
import { registerRafflesRoutes } from './raffles/raffles.routes.ts';
import { registerRewardCodesRoutes } from './reward-codes/reward-codes.routes.ts';
import { registerStatisticsRoutes } from './statistics/statistics.routes.ts';
import { registerTenantsRoutes } from './tenants/tenants.routes.ts';
import type { FeatureDeps } from './types.ts';
import { registerUsersRoutes } from './users/users.routes.ts';

/** Every feature of the API, in one explicit list. */
export const features: ReadonlyArray<(deps: FeatureDeps) => void> = [
  registerAuthRoutes,
  registerUsersRoutes,
  registerTenantsRoutes,
  registerCountriesRoutes,
  registerCampaignsRoutes,
  registerGoLiveRoutes,
  registerParticipationsRoutes,
  registerBlacklistRoutes,
  registerParticipantsRoutes,
  registerStatisticsRoutes,
  registerHomeRoutes,
  registerLandingsRoutes,
  registerCentresRoutes,
  registerRewardCodesRoutes,
  registerInstantAwardsRoutes,
  registerRafflesRoutes,
  registerImagesRoutes,
  registerPointsRoutes,
  registerProductsRoutes,
  registerMarketplaceRoutes,
  registerMarketPagesRoutes,
];
