// Image captchas bound to a sid (D10): the public module.
export {
  consumeCaptcha,
  grantCaptchaPass,
  hasCaptchaPass,
  issueSid,
  newCaptchaImage,
  peekCaptcha,
  revokeCaptchaPass,
} from './captcha-service.ts';
