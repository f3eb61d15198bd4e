import { fillMessage, messages } from '../messages.ts';
import type { SiteDocument } from './document.ts';
import type { SiteInfo } from './site-info.ts';

/**
 * Spec §2 "Privacy policy", every section it lists, written for a lending company in the
 * Philippines (Data Privacy Act of 2012, SEC rules for lending companies).
 */
export function privacyPolicyDocument(site: SiteInfo): SiteDocument {
  const we = site.companyName;
  return {
    title: 'Privacy Policy',
    summary: `${we} ("we", "us") runs the ${site.brandName} app. This policy explains what personal information we collect, why, who we share it with and the choices you have, as the Data Privacy Act of 2012 (Republic Act No. 10173) requires.`,
    sections: [
      {
        heading: '1. Collection of information',
        blocks: [
          'We collect only what we need to assess, grant and service your loan:',
          {
            list: [
              'identity: full name, date of birth, sex, nationality, government-issued ID and a photo of you holding it;',
              'contact: mobile number, email address, permanent and present address;',
              'financial: employment, monthly income, bank or e-wallet account for disbursement and repayment;',
              'loan history: applications, loans, payments and our conversations with you;',
              'device and usage information, described in section 6.',
            ],
          },
          'You give us most of this information yourself. We also receive information from credit bureaus, the Credit Information Corporation and our payment partners.',
        ],
      },
      {
        heading: '2. Representation',
        blocks: [
          'By using the app you confirm that the information you give is true, complete and your own, that you are at least 18 years old, and that you have read this policy and agree to the processing it describes. If you give us information about another person, such as a reference, you confirm that they agreed to it.',
        ],
      },
      {
        heading: '3. Use of technology',
        blocks: [
          'We use your information to verify your identity, to prevent fraud and money laundering, to assess your creditworthiness, to disburse and collect loans, to send you notices about your account and to meet our legal duties.',
          'Automated decisions. When you apply, our credit rules decide your application automatically, at once: they approve it up to a limit, decline it, or pass it to a person on our credit team. The rules weigh only your history with us and facts about your application: how long you have been registered, the loans you repaid and how punctually, any loan open or overdue now, the amount you ask against the largest you repaid, whether your payout account was paid to before, complaints, whether your device or payout account is also used by other borrowers, a recent decline, and whether your identity was verified. They never use your sex, religion, ethnicity, age, health, political views or any other sensitive personal information. Every decision is kept with the version of the rules and the facts it used, so it can be checked later.',
          `If your application is declined, your order page tells you the main reasons in plain words and the day from which you may apply again, as Republic Act No. 9510 gives you the right to know. You have the right to ask a person to review any decision made automatically (National Privacy Commission Circular No. 2022-04): tap "${messages.creditReviewAsk}" on the order page of the declined application, or contact our Data Protection Officer (section 11). A member of our credit team reviews it and tells you the result; asking costs nothing and does not count against you.`,
        ],
      },
      {
        heading: '4. Disclosure',
        blocks: [
          'We never sell your personal information. We share it only with:',
          {
            list: [
              'the Credit Information Corporation and accredited credit bureaus, as Republic Act No. 9510 requires;',
              'banks, e-wallets and payment processors that move your money;',
              'service providers bound by data-sharing or outsourcing agreements (hosting, SMS, identity checks, customer support);',
              'collection agencies working for us under SEC rules, only for overdue accounts;',
              'regulators, courts and law enforcement when the law requires it.',
            ],
          },
          'We never contact the people in your phone book or share your debt with them.',
          fillMessage(messages.creditReportingNotice, { company: we }),
        ],
      },
      {
        heading: '5. Cookies',
        blocks: [
          'Our website and app use only the cookies and local storage needed to keep you signed in and to remember your choices. We do not use advertising cookies. Blocking cookies in your browser may stop parts of the site from working.',
        ],
      },
      {
        heading: '6. Device information',
        blocks: [
          'With your permission the app reads your device model, operating system, app version, a device identifier, your IP address and, when you apply, your approximate location. We use it to secure your account and to detect fraud. The app does not read your contacts, messages, call logs or photos other than the pictures you choose to upload.',
        ],
      },
      {
        heading: '7. Minors under 18',
        blocks: [
          'Our services are not for anyone under 18. We do not knowingly collect information about minors; if we learn that we have, we delete it.',
        ],
      },
      {
        heading: '8. Password security',
        blocks: [
          'You sign in with a one-time code sent to your mobile number. Never share it: our staff will never ask for it. We protect your information with encryption in transit and at rest, access limited to staff who need it, and regular security reviews. Tell us at once if you think someone else used your account.',
        ],
      },
      {
        heading: '9. Changes',
        blocks: [
          'We may update this policy when our services or the law change. We will tell you of material changes in the app before they take effect.',
          // The date belongs to this wording, so it changes with the text, not with configuration.
          'This version took effect on 28 November 2026.',
        ],
      },
      {
        heading: '10. User discretion and opt-out',
        blocks: [
          'You may refuse any permission the app asks for, though some features may then not work. You may opt out of marketing messages at any time. As a data subject you may ask to see, correct or delete your information, object to its processing, or withdraw your consent; we keep what the law requires us to keep (loan records for at least five years after the loan is closed).',
        ],
      },
      {
        heading: '11. Grievance officer',
        blocks: [
          `Questions, requests and complaints about your personal information go to our Data Protection Officer at ${site.privacyOfficerEmail}, by telephone at ${site.phone}, or by post to ${we}, ${site.companyAddress}. We answer within 15 days. If you are not satisfied, you may complain to the National Privacy Commission (privacy.gov.ph).`,
        ],
      },
    ],
  };
}
