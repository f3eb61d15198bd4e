import { messages } from '@kwarta/contract';
import { Page } from '../../components/page.tsx';
import { useChannelTemplate } from './api/promotion-calls.ts';
import { backToLanding } from './navigation.ts';

/** #/agreementTemplate: the registration agreement of the channel template. */
export function AgreementPage({ templateId }: { templateId: string | undefined }) {
  const template = useChannelTemplate(templateId);
  const title = template.data?.agreementTitle ?? '';
  return (
    <Page title={title} onBack={backToLanding}>
      <article className="card promo-agreement" aria-busy={template.status === 'loading'}>
        {template.status === 'success'
          ? template.data.agreementText
              .split(/\n{2,}/)
              .map((paragraph, index) => <p key={index}>{paragraph}</p>)
          : template.status === 'loading' && <span className="skeleton promo-skeleton" />}
        {template.status === 'error' && <p>{messages.templateNotFound}</p>}
      </article>
    </Page>
  );
}
