/**
 * The message catalogue (D13): every user-visible text goes through here, on the web and in
 * server answers alike. The default catalogue holds the spec's exact texts, mixed languages
 * included — they are requirements, so tests assert them from this one place.
 */
export const messages = {
  // Spec §5 validation
  phoneInvalid: '请正确输入手机号！',
  captchaInvalid: '请正确输入图形验证码！',
  smsCodeInvalid: '请正确输入短信验证码！',
  smsResendRefused: '请勿重复发送验证码!',
  complaintEmpty: 'Please fill in your comments and suggestions',
  aboutFormIncomplete: 'Please provide complete information!',
  aboutFormSuccess: 'Success!',
  legacyChooseCard: '请先选择付款银行卡！',
  legacySmsCodeInvalid: '请输入正确的验证码',
  ratingChooseStars: 'Silakan pilih',
  collectionTypeRefused: 'The selected order does not support sending collection types',

  // Spec §8 results
  alreadyRegistered: '您已注册,请直接下载APP登录！',
  smsSent: '验证码已发送，请在手机上查看！',
  registered: '注册成功',
  copySuccess: 'copy success',
  uploadSucceeded: 'Upload succeeded!',
  demonstrationSuccess: 'Successful demonstration！',
  networkError: 'error',
  legacyWrongSmsCode: '验证码错误',
  legacyDuplicatePayment: '请勿重复提交支付申请',
  legacyFailed: '处理失败',
  legacyCardListFailed: '查询卡列表失败',

  // Spec §2 screen texts
  complaintSent: 'Successfully Sent',
  rateThisService: 'Please rate this service',
  processResult: 'Process Result',
  orderDetailsTitle: 'Order Details',
  bankPageTitle: 'Payment account information',

  // Server answers the spec does not show (ours)
  success: 'success',
  sessionInvalid: 'Your session has ended. Please log in again.',
  badRequest: 'The request is not valid.',
  notFound: 'Not found.',
  tooManyRequests: 'Too many requests. Please try again later.',
  serverError: 'Something went wrong. Please try again.',
  unavailable: 'The service is busy. Please try again in a moment.',
  locationUnsupported: 'Location is not supported on this device.',

  // Official site and static pages (issue 5); long documents are in site/*.ts
  siteNavLabel: 'Site sections',
  siteNavHome: 'Home',
  siteNavAbout: 'About us',
  siteNavPolicy: 'Privacy Agreement',
  siteNavLoan: 'Loan terms and conditions',
  siteHomeTitle: 'Cash when you need it, terms you can read',
  siteHomeLead: 'Borrow online in minutes, see every fee before you accept, and repay the way that suits you.',
  siteBannersLabel: 'Highlights',
  siteBannerApplyAlt: 'A phone showing a loan approved within a day',
  siteBannerRepayAlt: 'Three ways to repay: e-wallet, bank and store cashier',
  siteContactTitle: 'Contact us',
  siteContactLead: 'Tell us what we can do better.',
  siteFormName: 'Name',
  siteFormPhone: 'Telephone',
  siteFormSuggestion: 'Suggestion',
  siteFormSubmit: 'Submit',
  sitePolicyFrameTitle: 'Privacy Agreement',
  sitePolicyOpen: 'Open the Privacy Agreement in its own page',
  siteFooterPhone: 'Phone',
  siteFooterEmail: 'Email',
  siteFooterAddress: 'Address',
  siteAboutContact: 'Contact',
  siteAboutServiceEmail: 'Customer service email',
  siteGuideImageHint: 'Tap a picture to enlarge it.',
  siteGuideClose: 'Close',
} as const;

export type MessageKey = keyof typeof messages;
