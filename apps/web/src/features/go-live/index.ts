/** The go-live feature's public face: the guided path the campaign page shows until it is live. */

export { goLiveKeys } from './go-live.api.ts';
export { GoLivePanel } from './go-live-panel.tsx';
