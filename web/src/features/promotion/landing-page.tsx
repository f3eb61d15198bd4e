import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  Limits,
  ResultCode,
  clientTypeFromUserAgent,
  fillMessage,
  isValidPhone,
  messages,
  phoneLength,
  promotionHashRoutes,
  type PromotionQuery,
} from '@kwarta/contract';
import { FormattedInput } from '../../components/formatted-input.tsx';
import { showToast } from '../../components/toast.tsx';
import { digitsOnly, formatPhone, stripNonDigits } from '../../lib/input-format.ts';
import { readRuntimeMarket } from '../../lib/runtime-env.ts';
import {
  captchaImageUrl,
  getSid,
  getSmsCode,
  registerPhone,
  trackClick,
  trackVisit,
  useChannelTemplate,
} from './api/promotion-calls.ts';
import { browserDeviceId } from './device-id.ts';
import { goToDownload } from './navigation.ts';
import { useCountdown } from '../../lib/use-countdown.ts';

const market = readRuntimeMarket();
const clientType = clientTypeFromUserAgent(navigator.userAgent);
const phoneMaxLength = phoneLength(market.phone) + market.phone.groups.length - 1;
const formatMarketPhone = (raw: string) => formatPhone(raw, market.phone);
const formatSmsCode = (raw: string) => digitsOnly(raw, Limits.smsCodeLength);
const CAPTCHA_PATTERN = new RegExp(`^[0-9A-Za-z]{${Limits.captchaLength}}$`);
const SMS_CODE_PATTERN = new RegExp(`^\\d{${Limits.smsCodeLength}}$`);

/**
 * Spec §2 "Promotion register landing page": phone, image captcha and SMS code, "Get code" with
 * its 60 s countdown, Apply, and the agreement link. Codes 11 / 101 / -1 are handled as spec §8
 * says; any other refusal shows the server's message.
 */
export function LandingPage({ query }: { query: PromotionQuery }) {
  const template = useChannelTemplate(query.id);
  const [phone, setPhone] = useState('');
  const [capcode, setCapcode] = useState('');
  const [smsCode, setSmsCode] = useState('');
  const [sid, setSid] = useState<string | null>(null);
  const [captchaAt, setCaptchaAt] = useState(() => Date.now());
  const [busy, setBusy] = useState(false);
  const countdown = useCountdown();
  const deviceId = useRef('');

  useEffect(() => {
    deviceId.current = browserDeviceId();
    void trackVisit(query, clientType);
    void loadSid();
    // Once per page load: the query does not change without a navigation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function loadSid() {
    const result = await getSid();
    if (result.success && result.data) setSid(result.data.sid);
  }

  function reloadCaptcha() {
    setCapcode('');
    setCaptchaAt(Date.now());
  }

  const phoneDigits = stripNonDigits(phone);
  const phoneValid = isValidPhone(phoneDigits, market);

  /** Spec §5: a new image needs a valid phone first. */
  function refreshCaptcha() {
    if (!phoneValid) return void showToast(messages.phoneInvalid);
    if (sid === null) return void loadSid();
    reloadCaptcha();
  }

  function campaignFields() {
    return { app_from: query.app_from, user_from: query.user_from, utm_tag: query.utm_tag };
  }

  /** Spec §8: 11 goes to the download page, 101 / -1 reload the captcha, all show the message. */
  function handleRefusal(code: string, message: string) {
    if (code === ResultCode.alreadyRegistered) {
      showToast(messages.alreadyRegistered);
      goToDownload(query);
      return;
    }
    if (code === ResultCode.wrongCaptcha || code === ResultCode.registerCaptchaError) reloadCaptcha();
    showToast(message);
  }

  async function sendCode() {
    if (countdown.running) return void showToast(messages.smsResendRefused);
    if (!phoneValid) return void showToast(messages.phoneInvalid);
    if (!CAPTCHA_PATTERN.test(capcode) || sid === null) return void showToast(messages.captchaInvalid);
    setBusy(true);
    const result = await getSmsCode({
      phone: phoneDigits,
      capcode,
      sid,
      deviceId: deviceId.current,
      appName: template.data?.appName,
      ...campaignFields(),
    });
    setBusy(false);
    if (result.success) {
      showToast(messages.smsSent);
      countdown.start();
    } else {
      handleRefusal(result.code, result.message);
    }
  }

  async function apply(event: FormEvent) {
    event.preventDefault();
    // Every tap on Apply is a click of the funnel, whether or not the form is complete.
    void trackClick(query, clientType, phoneDigits);
    if (!phoneValid) return void showToast(messages.phoneInvalid);
    if (!CAPTCHA_PATTERN.test(capcode) || sid === null) return void showToast(messages.captchaInvalid);
    if (!SMS_CODE_PATTERN.test(smsCode)) return void showToast(messages.smsCodeInvalid);
    setBusy(true);
    const result = await registerPhone({
      phone: phoneDigits,
      capcode,
      sid,
      deviceId: deviceId.current,
      appName: template.data?.appName,
      merchantNumber: 0,
      userName: phoneDigits,
      smsCode,
      invite_code: query.invite_code,
      id: query.id,
      ...campaignFields(),
    });
    setBusy(false);
    if (result.success) {
      showToast(messages.registered);
      goToDownload(query);
    } else {
      handleRefusal(result.code, result.message);
    }
  }

  return (
    <main className="promo">
      <header className="promo-hero">
        <img src="/brand/icon.svg" alt="" width="40" height="40" />
        <p className="promo-app-name">{template.data?.appName ?? '\u00a0'}</p>
        {/* Without a template the heading still names the page (an empty h1 tells a screen reader nothing). */}
        <h1>
          {template.status === 'error'
            ? messages.promotionHeadlineFallback
            : (template.data?.headline ?? '\u00a0')}
        </h1>
        <p className="promo-subline">{template.data?.subline ?? '\u00a0'}</p>
      </header>

      <form className="card promo-form" onSubmit={apply} noValidate>
        <div className="field">
          <label htmlFor="promo-phone">{messages.promotionPhoneLabel}</label>
          <FormattedInput
            id="promo-phone"
            type="tel"
            autoComplete="tel-national"
            value={phone}
            onValueChange={setPhone}
            format={formatMarketPhone}
            maxLength={phoneMaxLength}
          />
        </div>

        <div className="field">
          <label htmlFor="promo-captcha">{messages.promotionCaptchaLabel}</label>
          <div className="promo-row">
            <input
              id="promo-captcha"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={Limits.captchaLength}
              value={capcode}
              onChange={(event) => setCapcode(event.currentTarget.value.slice(0, Limits.captchaLength))}
            />
            <button
              type="button"
              className="promo-captcha"
              onClick={refreshCaptcha}
              aria-label={messages.promotionCaptchaImageAlt}
            >
              {sid !== null && <img src={captchaImageUrl(sid, captchaAt)} alt="" width="120" height="44" />}
            </button>
          </div>
        </div>

        <div className="field">
          <label htmlFor="promo-sms">{messages.promotionSmsCodeLabel}</label>
          <div className="promo-row">
            <FormattedInput
              id="promo-sms"
              autoComplete="one-time-code"
              value={smsCode}
              onValueChange={setSmsCode}
              format={formatSmsCode}
              maxLength={Limits.smsCodeLength}
            />
            <button
              type="button"
              // Stays tappable while counting: the spec answers that tap with a toast.
              className={
                countdown.running
                  ? 'button button-secondary promo-get-code promo-counting'
                  : 'button button-secondary promo-get-code'
              }
              onClick={sendCode}
              disabled={busy}
            >
              {countdown.running
                ? fillMessage(messages.promotionCountdown, { seconds: countdown.left })
                : messages.promotionGetCode}
            </button>
          </div>
        </div>

        <button type="submit" className="button button-block" disabled={busy}>
          {messages.promotionApply}
        </button>
        <p className="promo-agreement-link">
          {messages.promotionAgreementPrefix}{' '}
          <a href={promotionHashRoutes.agreement}>
            {template.data?.agreementTitle ?? messages.promotionAgreementFallback}
          </a>
        </p>
      </form>
    </main>
  );
}
