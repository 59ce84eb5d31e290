/** The centres feature's public face: what other features and the app may use. */
export { CentreGroupsPage } from './centre-groups-page.tsx';
export { CentreGroupMultiSelect, CentreMultiSelect, CentreSelect } from './centre-pickers.tsx';
export { CentresPage } from './centres-page.tsx';
