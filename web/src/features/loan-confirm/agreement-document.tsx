import { fillMessage, messages, type EndpointData, type endpoints } from '@kwarta/contract';

type AgreementDocumentData = EndpointData<typeof endpoints.agreementDocument>;

/**
 * An agreement as the server rendered it from the real terms: its sections, a section's table
 * (the disclosure's schedule), and the version and SHA-256 that identify the text — or, on an
 * order, when its borrower agreed to it. The agreement page and the disclosure page both show it.
 */
export function AgreementDocument({ data }: { data: AgreementDocumentData }) {
  return (
    <article className="card loan-agreement">
      {data.sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.lines.map((line, index) => (
            <p key={index}>{line}</p>
          ))}
          {section.table && (
            <table className="agreement-table">
              <thead>
                <tr>
                  {section.table.head.map((cell) => (
                    <th key={cell} scope="col">
                      {cell}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {section.table.rows.map((row, index) => (
                  <tr key={index}>
                    {row.map((cell, column) => (
                      <td key={column}>{cell}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      ))}
      <p className="muted loan-note agreement-identity">
        {data.agreed
          ? fillMessage(messages.agreementAgreedOn, data.agreed)
          : `${data.version} · SHA-256 ${data.sha256}`}
      </p>
    </article>
  );
}
