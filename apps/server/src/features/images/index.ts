export { isTenantImageUrl } from './image-library.ts';
