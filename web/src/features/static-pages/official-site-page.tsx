import {
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type FormEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { messages } from '@kwarta/contract/messages';
import { webRoutes } from '@kwarta/contract/web-routes';
import { aboutAdvantages, aboutUsDocument } from '@kwarta/contract/site/about-us';
import { loanTermsDocument } from '@kwarta/contract/site/loan-terms';
import { openInAppLink, type SiteInfo } from '@kwarta/contract/site/site-info';
import { fillMessage } from '@kwarta/contract/messages';
import { showToast, ToastHost } from '../../components/toast.tsx';
import { SiteDocumentView } from './site-document-view.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './static-page-frame.tsx';
import './static-pages.css';

type SectionKey = 'home' | 'about' | 'policy' | 'loan';

/**
 * Each nav item also links to the page of its own, so before (or without) JavaScript a tap
 * still reaches the text; once hydrated, a tap switches the visible section instead.
 */
const NAV: readonly { key: SectionKey; label: string; href: string }[] = [
  { key: 'home', label: messages.siteNavHome, href: webRoutes.officialSite },
  { key: 'about', label: messages.siteNavAbout, href: webRoutes.about },
  { key: 'policy', label: messages.siteNavPolicy, href: webRoutes.policy },
  { key: 'loan', label: messages.siteNavLoan, href: webRoutes.loanTerms },
];

const sectionId = (key: SectionKey) => `site-${key}`;

/** The address never changes under the page: nothing to subscribe to. */
const neverChanges = () => () => {};

/** The page of the app to open, from `?openApp=` (this site's paths only). */
function openAppPath(): string | null {
  const next = new URLSearchParams(window.location.search).get('openApp');
  return next?.startsWith('/') && !next.startsWith('//') ? next : null;
}

/** "/" (spec §2 "Official site"): nav switching sections, banners, About form, framed policy, loan text. */
export function OfficialSitePage({ site }: { site: SiteInfo }) {
  const [active, setActive] = useState<SectionKey>('home');
  // The policy frame loads only once its section is first shown, so "/" does not pay for it.
  const [policyShown, setPolicyShown] = useState(false);
  const scrollPending = useRef(false);
  // A borrower page opened outside the app (a reminder's link in a phone's browser) sends its
  // visitor here with the page's path: read after hydration, so the prerendered page stays one.
  const openApp = useSyncExternalStore(neverChanges, openAppPath, () => null);
  const about = aboutUsDocument(site);
  const loanTerms = loanTermsDocument(site);

  useEffect(() => {
    if (!scrollPending.current) return;
    scrollPending.current = false;
    // Just below the sticky header, whose height depends on how the nav wraps.
    const section = document.getElementById(sectionId(active));
    const header = document.querySelector('.site-header');
    if (!section) return;
    const top =
      section.getBoundingClientRect().top + window.scrollY - (header?.getBoundingClientRect().height ?? 0);
    window.scrollTo({ top: Math.max(0, top - 8) });
  }, [active]);

  function select(key: SectionKey, event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    if (key === 'policy') setPolicyShown(true);
    scrollPending.current = true;
    setActive(key);
  }

  return (
    <div className="site">
      <SiteHeader site={site}>
        <nav aria-label={messages.siteNavLabel}>
          <ul className="site-nav">
            {NAV.map((item) => (
              <li key={item.key}>
                <a
                  href={item.href}
                  aria-current={item.key === active ? 'true' : undefined}
                  onClick={(event) => select(item.key, event)}
                >
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </SiteHeader>

      <main className="site-main">
        <section id={sectionId('home')} hidden={active !== 'home'} className="site-section">
          {openApp !== null && <OpenAppNotice site={site} path={openApp} />}
          <h1>{messages.siteHomeTitle}</h1>
          <p className="site-summary">{messages.siteHomeLead}</p>
          {/* Scrolls sideways: focusable so a keyboard can scroll it too. */}
          <div className="site-banners" role="group" aria-label={messages.siteBannersLabel} tabIndex={0}>
            <img
              src="/site/banner-apply.svg"
              width="640"
              height="320"
              alt={messages.siteBannerApplyAlt}
              fetchPriority="high"
            />
            <img
              src="/site/banner-repay.svg"
              width="640"
              height="320"
              alt={messages.siteBannerRepayAlt}
              loading="lazy"
            />
          </div>
          <ul className="site-points">
            {aboutAdvantages(site).map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>

        <SiteSection name="about" active={active} title={about.title}>
          <p className="site-summary">{about.summary}</p>
          <SiteDocumentView document={about} />
          <AboutForm />
        </SiteSection>

        <SiteSection name="policy" active={active} title={messages.siteNavPolicy}>
          {policyShown && (
            <iframe
              className="site-policy-frame"
              src={site.privacyPolicyUrl}
              title={messages.sitePolicyFrameTitle}
            />
          )}
          <p>
            <a href={site.privacyPolicyUrl}>{messages.sitePolicyOpen}</a>
          </p>
        </SiteSection>

        <SiteSection name="loan" active={active} title={loanTerms.title}>
          <p className="site-summary">{loanTerms.summary}</p>
          <SiteDocumentView document={loanTerms} />
        </SiteSection>
      </main>

      <SiteFooter site={site} />
      <ToastHost />
    </div>
  );
}

/**
 * One switchable section of the official site, headed by its title as the page's h1: only the
 * shown section is in the accessibility tree, so the page always has exactly one.
 */
function SiteSection({
  name,
  active,
  title,
  children,
}: {
  name: SectionKey;
  active: SectionKey;
  title: string;
  children: ReactNode;
}) {
  const titleId = `${sectionId(name)}-title`;
  return (
    <section id={sectionId(name)} hidden={active !== name} className="site-section" aria-labelledby={titleId}>
      <h1 id={titleId}>{title}</h1>
      {children}
    </section>
  );
}

/**
 * Spec §5: all three fields required, then 'Success!' — and nothing is sent. method="dialog"
 * makes a submit outside a dialog do nothing, so even before hydration no data leaves the page.
 */
function AboutForm() {
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values = ['name', 'telephone', 'suggestion'].map((name) =>
      String(new FormData(form).get(name) ?? '').trim(),
    );
    if (values.some((value) => value === '')) {
      showToast(messages.aboutFormIncomplete);
      return;
    }
    showToast(messages.aboutFormSuccess);
    form.reset();
  }

  return (
    <form
      className="card site-form"
      method="dialog"
      noValidate
      onSubmit={submit}
      aria-labelledby="site-contact-title"
    >
      <h2 id="site-contact-title">{messages.siteContactTitle}</h2>
      <p className="muted">{messages.siteContactLead}</p>
      <div className="field">
        <label htmlFor="site-form-name">{messages.siteFormName}</label>
        <input id="site-form-name" name="name" autoComplete="name" maxLength={60} />
      </div>
      <div className="field">
        <label htmlFor="site-form-telephone">{messages.siteFormPhone}</label>
        <input
          id="site-form-telephone"
          name="telephone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={20}
        />
      </div>
      <div className="field">
        <label htmlFor="site-form-suggestion">{messages.siteFormSuggestion}</label>
        <textarea id="site-form-suggestion" name="suggestion" rows={4} maxLength={500} />
      </div>
      <button type="submit" className="button button-block">
        {messages.siteFormSubmit}
      </button>
    </form>
  );
}

/** Where a page of the app goes when opened outside it: the app, signed in, at that page. */
function OpenAppNotice({ site, path }: { site: SiteInfo; path: string }) {
  const link = openInAppLink(site.appUrlScheme, window.location.origin, path);
  const brand = { brand: site.brandName };
  return (
    <div className="card site-open-app" role="status">
      <h2>{fillMessage(messages.siteOpenAppTitle, brand)}</h2>
      <p>{fillMessage(messages.siteOpenAppText, brand)}</p>
      {link && (
        <a className="button" href={link}>
          {fillMessage(messages.siteOpenAppButton, brand)}
        </a>
      )}
    </div>
  );
}
