import { clientTypeFromUserAgent, messages } from '@kwarta/contract';
import { Page } from '../../components/page.tsx';
import { useChannelTemplate } from './api/promotion-calls.ts';
import { backToLanding } from './navigation.ts';

/**
 * #/downloadTemplate: where a registered visitor gets the app. The store matching the phone
 * comes first; the app's URL scheme opens it when it is already installed.
 */
export function DownloadPage({ templateId }: { templateId: string | undefined }) {
  const template = useChannelTemplate(templateId);
  const ios = clientTypeFromUserAgent(navigator.userAgent) === 'ios';
  return (
    <Page title={messages.promotionDownloadTitle} onBack={backToLanding}>
      <section className="card promo-download" aria-busy={template.status === 'loading'}>
        {template.status === 'success' ? (
          <>
            <img className="promo-download-icon" src="/brand/icon.svg" alt="" width="72" height="72" />
            <h2>{template.data.appName}</h2>
            <p className="muted">{template.data.subline}</p>
            <div className={ios ? 'promo-download-buttons promo-ios-first' : 'promo-download-buttons'}>
              <a className="button button-block" href={template.data.androidUrl}>
                {messages.promotionDownloadAndroid}
              </a>
              <a className="button button-block" href={template.data.iosUrl}>
                {messages.promotionDownloadIos}
              </a>
            </div>
            <a className="promo-open-app" href={template.data.appScheme}>
              {messages.promotionOpenApp}
            </a>
          </>
        ) : (
          template.status === 'loading' && <span className="skeleton promo-skeleton" />
        )}
        {template.status === 'error' && <p>{messages.templateNotFound}</p>}
      </section>
    </Page>
  );
}
