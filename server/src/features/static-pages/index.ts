// Static pages prerendered on the server (D12): the public module.
export {
  loadStaticPageRenderer,
  readStaticPageAssets,
  renderStaticDocuments,
  siteInfo,
  type StaticDocument,
} from './static-pages.ts';
