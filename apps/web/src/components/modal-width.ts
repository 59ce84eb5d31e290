/**
 * Every modal's width: 50% of the viewport, 95% on small screens (spec §2, §9; the small-screen
 * rule and why it is in vw are in app.css).
 */
export const MODAL_WIDTH = {
  size: '50vw',
  classNames: { root: 'app-modal', content: 'app-modal-content' },
} as const;
