import './app/theme.css';
import './features/promotion/promotion.css';

// The promotion landing's own entry (D15). Its header is already in the HTML the server sent
// (prefilled with the channel template), so this entry only holds the styles and loads the
// form's code right away, off the path of the first paint: the visitor from an ad sees the
// offer before any script has arrived on a slow network.
void import('./features/promotion/mount-promotion.tsx').then((module) => module.mountPromotion());
