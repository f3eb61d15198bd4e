// The brand of the deployment (decision 0096): the public module.
export { brandRoutes, brandedPages } from './brand-routes.ts';
export { currentBrand, shownBrandName, type ActiveBrand } from './active-brand.ts';
export { brandAssetUrl } from './brand-html.ts';
