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

  // Promotion landing, download and agreement pages, SMS login (ours, except the spec texts above)
  promotionPhoneLabel: 'Mobile number',
  promotionCaptchaLabel: 'Image code',
  promotionSmsCodeLabel: 'SMS code',
  promotionCaptchaImageAlt: 'Image code — tap for a new one',
  promotionGetCode: 'Get code',
  promotionCountdown: '{seconds}s',
  promotionApply: 'Apply',
  promotionAgreementPrefix: 'By applying you agree to the',
  promotionDownloadTitle: 'Download the app',
  promotionDownloadAndroid: 'Download for Android',
  promotionDownloadIos: 'Download on the App Store',
  promotionOpenApp: 'Already installed? Open the app',
  promotionAgreementFallback: 'Registration Agreement',
  templateNotFound: 'This promotion is no longer available.',
  captchaWrong: 'The image code is wrong or has expired. Please enter the new one.',
  captchaSidUnknown: 'The page has expired. Please reload it.',
  smsCodeWrong: 'The SMS code is wrong or has expired.',
  smsCodeTooManyTries: 'Too many wrong codes. Please request a new SMS code.',
  smsPhoneDailyLimit: 'Too many codes for this number today. Please try again tomorrow.',
  smsIpLimit: 'Too many codes requested from this network. Please try again later.',
  smsDeviceLimit: 'Too many codes requested from this device. Please try again later.',
  smsGlobalLimit: 'We cannot send more codes today. Please try again tomorrow.',
  smsSendFailed: 'The SMS could not be sent. Please try again in a moment.',
  smsCodeText: '[Kwarta] Your verification code is {code}. It expires in {minutes} minutes. Never share it with anyone.',
} as const;

/** Fills `{name}` placeholders of a catalogue text. */
export function fillMessage(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

export type MessageKey = keyof typeof messages;
