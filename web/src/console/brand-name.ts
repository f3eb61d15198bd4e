/**
 * The deployment's brand name (decision 0096): the server puts it in every page it serves as
 * `<meta name="application-name">`, so one console build serves every lender.
 */
export function brandName(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="application-name"]')?.content || 'Kwarta';
}
