import { useState, type MouseEvent } from 'react';
import { messages } from '@kwarta/contract/messages';
import { dragonpayGuideDocument, type GuideStep } from '@kwarta/contract/site/dragonpay-guide';
import type { SiteInfo } from '@kwarta/contract/site/site-info';
import { Dialog } from '../../components/dialog.tsx';
import { StaticPageFrame } from './static-page-frame.tsx';

/**
 * /dragonpayGuide (spec §2): e-wallet and cashier steps with pictures; tapping a picture
 * opens it in a popup. Each picture is a link to the image itself, so before hydration a tap
 * still shows it.
 */
export function DragonpayGuidePage({ site }: { site: SiteInfo }) {
  const guide = dragonpayGuideDocument(site);
  const [shown, setShown] = useState<GuideStep | null>(null);

  function open(step: GuideStep, event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    setShown(step);
  }

  return (
    <StaticPageFrame site={site} title={guide.title} summary={guide.summary}>
      <p className="muted">{messages.siteGuideImageHint}</p>
      {guide.sections.map((section) => (
        <section key={section.heading} className="doc-section">
          <h2>{section.heading}</h2>
          <ol className="guide-steps">
            {section.steps.map((step) => (
              <li key={step.text} className="guide-step">
                <a href={step.image} className="guide-thumb" onClick={(event) => open(step, event)}>
                  <img src={step.image} alt={step.imageAlt} width="96" height="128" loading="lazy" />
                </a>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </section>
      ))}
      <p className="site-summary">{guide.note}</p>
      <Dialog
        open={shown !== null}
        onClose={() => setShown(null)}
        ariaLabel={shown?.imageAlt ?? messages.siteGuideImageHint}
        closeLabel={messages.siteGuideClose}
        className="guide-dialog"
      >
        {shown && <img src={shown.image} alt={shown.imageAlt} width="300" height="400" />}
      </Dialog>
    </StaticPageFrame>
  );
}
