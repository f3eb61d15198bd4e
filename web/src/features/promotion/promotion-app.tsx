import { promotionHashRoutes, pickPromotionQuery } from '@kwarta/contract';
import { ToastHost } from '../../components/toast.tsx';
import { AgreementPage } from './agreement-page.tsx';
import { DownloadPage } from './download-page.tsx';
import { LandingPage } from './landing-page.tsx';
import { useHashRoute } from './use-hash-route.ts';
import './promotion.css';

/**
 * The promotion entry (D15: /promotion with hash routes #/downloadTemplate and
 * #/agreementTemplate). Its own light HTML entry: the three screens ship in one small chunk.
 */
export function PromotionApp() {
  const { route, query } = useHashRoute();
  const landingQuery = pickPromotionQuery(new URLSearchParams(window.location.search));
  let screen;
  if (route === promotionHashRoutes.download) {
    screen = <DownloadPage templateId={query.get('id') ?? landingQuery.id} />;
  } else if (route === promotionHashRoutes.agreement) {
    screen = <AgreementPage templateId={landingQuery.id} />;
  } else {
    screen = <LandingPage query={landingQuery} />;
  }
  return (
    <>
      {screen}
      <ToastHost />
    </>
  );
}
