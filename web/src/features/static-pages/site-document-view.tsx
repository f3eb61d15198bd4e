import type { SiteDocument } from '@kwarta/contract/site/document';

/**
 * Any long static text of the contract (privacy policy, loan terms, about us) as sections headed
 * h2, under the h1 of its page or of its official-site section.
 */
export function SiteDocumentView({ document }: { document: SiteDocument }) {
  return (
    <>
      {document.sections.map((section) => (
        <section key={section.heading} className="doc-section">
          <h2>{section.heading}</h2>
          {section.blocks.map((block, index) =>
            typeof block === 'string' ? (
              <p key={index}>{block}</p>
            ) : (
              <ul key={index}>
                {block.list.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ),
          )}
        </section>
      ))}
    </>
  );
}
