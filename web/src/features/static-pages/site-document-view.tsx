import type { SiteDocument } from '@kwarta/contract/site/document';

/**
 * Any long static text of the contract (privacy policy, loan terms, about us) as headed
 * sections. `level` is the heading level of the sections: 2 on a page of its own, 3 inside a
 * section of the official site.
 */
export function SiteDocumentView({ document, level = 2 }: { document: SiteDocument; level?: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <>
      {document.sections.map((section) => (
        <section key={section.heading} className="doc-section">
          <Heading>{section.heading}</Heading>
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
