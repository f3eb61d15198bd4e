/**
 * The id of the `<script type="application/json">` carrying a prerendered page's SiteInfo, read
 * back at hydration so the client renders exactly what the server did.
 */
export const SITE_DATA_ID = 'kw-site';
