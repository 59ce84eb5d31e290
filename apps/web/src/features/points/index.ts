/** The points feature's public face: what other features and the app may use. */

export { pointsSummaryQuery } from './points.api.ts';
export { PointsPage } from './points-page.tsx';
