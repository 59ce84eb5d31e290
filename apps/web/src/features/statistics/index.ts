/** The statistics feature's public face: what other features and the app may use. */
export { StatisticsPage } from './statistics-page.tsx';
export { StatisticsView } from './statistics-view.tsx';
