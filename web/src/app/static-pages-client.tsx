/**
 * The entry of the prerendered pages (D12). Their text and style are already in the HTML; this
 * only fetches the hydration code (React and the page) once the page has loaded, so it never
 * competes with the text, the inline CSS or the banner for a slow phone's first round trips.
 * Until then the nav links and guide pictures work as plain links.
 */
function hydrate(): void {
  void import('./static-pages-hydrate.tsx');
}

if (document.readyState === 'complete') hydrate();
else window.addEventListener('load', hydrate, { once: true });
