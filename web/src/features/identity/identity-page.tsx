import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { messages, sourcesOfFunds, type IdentityDocumentType, type MessageKey } from '@kwarta/contract';
import { Dialog } from '../../components/dialog.tsx';
import { LoadState } from '../../components/load-state.tsx';
import { Page } from '../../components/page.tsx';
import { showToast } from '../../components/toast.tsx';
import {
  acknowledgeCameraNotice,
  submitIdentity,
  uploadIdentityImage,
  useIdentityStatus,
} from './api/identity-calls.ts';
import './identity.css';

type PhotoSlot = 'front' | 'back' | 'selfie';
const photoSlots: readonly PhotoSlot[] = ['front', 'back', 'selfie'];
const photoLabels: Record<PhotoSlot, MessageKey> = {
  front: 'identityFrontPhoto',
  back: 'identityBackPhoto',
  selfie: 'identitySelfie',
};

interface Photo {
  previewUrl: string;
  imageId: string | null;
}

type Details = {
  firstName: string;
  middleName: string;
  lastName: string;
  dateOfBirth: string;
  placeOfBirth: string;
  nationality: string;
  presentAddress: string;
  permanentAddress: string;
  email: string;
  occupation: string;
  employer: string;
  sourceOfFunds: string;
  taxNumber: string;
  documentType: string;
  documentNumber: string;
};

const blank: Details = {
  firstName: '',
  middleName: '',
  lastName: '',
  dateOfBirth: '',
  placeOfBirth: '',
  nationality: '',
  presentAddress: '',
  permanentAddress: '',
  email: '',
  occupation: '',
  employer: '',
  sourceOfFunds: '',
  taxNumber: '',
  documentType: '',
  documentNumber: '',
};

/**
 * Who the borrower is and one ID (decision 0108), phone first: their details, the ID (PhilID
 * listed first) and its number, photos of both sides and a selfie. Before the camera or the file
 * picker opens the borrower reads why the photos are taken and how long they are kept (NPC
 * Circular 2022-02's just-in-time notice), recorded as acknowledged. The ID number is checked by
 * the server, whose refusal (a 12-digit PSN for a PhilID, say) is toasted as it says it.
 */
export function IdentityPage() {
  const status = useIdentityStatus();
  const [details, setDetails] = useState<Details | null>(null);
  const [photos, setPhotos] = useState<Partial<Record<PhotoSlot, Photo>>>({});
  const [noticeFor, setNoticeFor] = useState<PhotoSlot | null>(null);
  const [noticeRead, setNoticeRead] = useState(false);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  const inputs = useRef<Partial<Record<PhotoSlot, HTMLInputElement | null>>>({});
  const previews = useRef(new Set<string>());

  useEffect(() => {
    const urls = previews.current;
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const data = status.data;
  const values: Details = details ?? {
    ...blank,
    ...(data?.entered ?? {}),
    documentType: data?.entered?.documentType ?? data?.documentTypes[0] ?? '',
  };
  const set = (field: keyof Details) => (value: string) => setDetails({ ...values, [field]: value });

  function askForPhoto(slot: PhotoSlot) {
    if (noticeRead) inputs.current[slot]?.click();
    else setNoticeFor(slot);
  }

  function noticeAccepted() {
    const slot = noticeFor;
    setNoticeFor(null);
    setNoticeRead(true);
    void acknowledgeCameraNotice();
    // Within the tap that accepted the notice, so the browser lets the picker open.
    if (slot) inputs.current[slot]?.click();
  }

  async function addPhoto(slot: PhotoSlot, file: File) {
    const previewUrl = URL.createObjectURL(file);
    previews.current.add(previewUrl);
    setPhotos((current) => ({ ...current, [slot]: { previewUrl, imageId: null } }));
    const result = await uploadIdentityImage(file);
    setPhotos((current) => {
      if (current[slot]?.previewUrl !== previewUrl) return current;
      if (result.success && result.data) {
        return { ...current, [slot]: { previewUrl, imageId: result.data.imageId } };
      }
      // The server's message has been toasted; the slot is empty again.
      const { [slot]: _refused, ...rest } = current;
      return rest;
    });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const [front, back, selfie] = photoSlots.map((slot) => photos[slot]?.imageId);
    if (!front || !back || !selfie) {
      showToast(messages.identityImageMissing);
      return;
    }
    setSending(true);
    const result = await submitIdentity({
      ...values,
      sourceOfFunds: values.sourceOfFunds as (typeof sourcesOfFunds)[number],
      documentType: values.documentType as IdentityDocumentType,
      frontImageId: front,
      backImageId: back,
      selfieImageId: selfie,
    });
    setSending(false);
    if (!result.success || !result.data) return;
    setOutcome(
      result.data.state === 'verified'
        ? messages.identitySubmittedVerified
        : messages.identitySubmittedPending,
    );
    status.reload();
  }

  const isPhilSys = values.documentType === 'philid' || values.documentType === 'ephilid';

  return (
    <Page title={messages.identityPageTitle}>
      <LoadState status={status.status} reload={status.reload} />
      {outcome && (
        <p className="card identity-outcome" role="status">
          {outcome}
        </p>
      )}
      {data && data.state === 'verified' && !outcome && (
        <p className="card identity-outcome" role="status">
          {messages.identityVerified}
        </p>
      )}
      {data && data.state !== 'verified' && !outcome && (
        <form className="identity-form" onSubmit={submit} noValidate>
          <p className="muted identity-intro">{data.notice ?? messages.identityPageIntro}</p>

          <Section title={messages.identitySectionPerson}>
            <TextField
              id="first-name"
              label={messages.identityFirstName}
              value={values.firstName}
              onChange={set('firstName')}
              autoComplete="given-name"
              required
            />
            <TextField
              id="middle-name"
              label={messages.identityMiddleName}
              value={values.middleName}
              onChange={set('middleName')}
              autoComplete="additional-name"
            />
            <TextField
              id="last-name"
              label={messages.identityLastName}
              value={values.lastName}
              onChange={set('lastName')}
              autoComplete="family-name"
              required
            />
            <TextField
              id="birth-date"
              label={messages.identityDateOfBirth}
              value={values.dateOfBirth}
              onChange={set('dateOfBirth')}
              type="date"
              autoComplete="bday"
              required
            />
            <TextField
              id="birth-place"
              label={messages.identityPlaceOfBirth}
              value={values.placeOfBirth}
              onChange={set('placeOfBirth')}
              required
            />
            <TextField
              id="nationality"
              label={messages.identityNationality}
              value={values.nationality}
              onChange={set('nationality')}
              required
            />
            <TextField
              id="present-address"
              label={messages.identityPresentAddress}
              value={values.presentAddress}
              onChange={set('presentAddress')}
              autoComplete="street-address"
              required
            />
            <TextField
              id="permanent-address"
              label={messages.identityPermanentAddress}
              value={values.permanentAddress}
              onChange={set('permanentAddress')}
              required
            />
            <label className="identity-check">
              <input
                type="checkbox"
                checked={values.permanentAddress !== '' && values.permanentAddress === values.presentAddress}
                onChange={(event) =>
                  set('permanentAddress')(event.currentTarget.checked ? values.presentAddress : '')
                }
              />
              {messages.identitySameAddress}
            </label>
            <TextField
              id="email"
              label={messages.identityEmail}
              value={values.email}
              onChange={set('email')}
              type="email"
              autoComplete="email"
              required
            />
          </Section>

          <Section title={messages.identitySectionWork}>
            <TextField
              id="occupation"
              label={messages.identityOccupation}
              value={values.occupation}
              onChange={set('occupation')}
              autoComplete="organization-title"
              required
            />
            <TextField
              id="employer"
              label={messages.identityEmployer}
              value={values.employer}
              onChange={set('employer')}
              autoComplete="organization"
            />
            <SelectField
              id="source-of-funds"
              label={messages.identitySourceOfFunds}
              value={values.sourceOfFunds}
              onChange={set('sourceOfFunds')}
              options={sourcesOfFunds.map((value) => ({ value, label: messages[`identitySource.${value}`] }))}
            />
            <TextField
              id="tax-number"
              label={messages.identityTaxNumber}
              value={values.taxNumber}
              onChange={set('taxNumber')}
              inputMode="numeric"
            />
          </Section>

          <Section title={messages.identitySectionDocument}>
            <SelectField
              id="document-type"
              label={messages.identityDocumentType}
              value={values.documentType}
              onChange={set('documentType')}
              options={data.documentTypes.map((value) => ({
                value,
                label: messages[`identityDocument.${value}`],
              }))}
            />
            <TextField
              id="document-number"
              label={messages.identityDocumentNumber}
              value={values.documentNumber}
              onChange={set('documentNumber')}
              autoComplete="off"
              required
              inputMode={isPhilSys ? 'numeric' : 'text'}
              hint={isPhilSys ? messages.identityPcnHint : undefined}
            />
          </Section>

          <Section title={messages.identitySectionPhotos}>
            <ul className="identity-photos">
              {photoSlots.map((slot) => {
                const photo = photos[slot];
                const label = messages[photoLabels[slot]];
                return (
                  <li key={slot} className="identity-photo" aria-busy={photo !== undefined && !photo.imageId}>
                    <span className="identity-photo__label">{label}</span>
                    {photo ? (
                      <img src={photo.previewUrl} alt={label} width="96" height="64" />
                    ) : (
                      <span className="identity-photo__empty" aria-hidden="true" />
                    )}
                    <span className="identity-photo__state" aria-live="polite">
                      {photo
                        ? photo.imageId
                          ? messages.identityPhotoAdded
                          : messages.identityPhotoUploading
                        : ''}
                    </span>
                    <button
                      type="button"
                      className="button button-secondary identity-photo__pick"
                      aria-label={`${photo ? messages.identityRetakePhoto : messages.identityTakePhoto}: ${label}`}
                      onClick={() => askForPhoto(slot)}
                    >
                      {photo ? messages.identityRetakePhoto : messages.identityTakePhoto}
                    </button>
                    <input
                      ref={(input) => {
                        inputs.current[slot] = input;
                      }}
                      type="file"
                      accept="image/jpeg,image/png,image/webp"
                      capture={slot === 'selfie' ? 'user' : 'environment'}
                      hidden
                      data-photo={slot}
                      onChange={(event) => {
                        const file = event.currentTarget.files?.[0];
                        // Cleared so that picking the same photo again fires change again.
                        event.currentTarget.value = '';
                        if (file) void addPhoto(slot, file);
                      }}
                    />
                  </li>
                );
              })}
            </ul>
          </Section>

          <button type="submit" className="button button-block" disabled={sending}>
            {messages.identitySubmit}
          </button>
        </form>
      )}

      <Dialog
        open={noticeFor !== null}
        onClose={() => setNoticeFor(null)}
        title={messages.identityCameraNoticeTitle}
        actions={[
          { label: messages.identityCameraNoticeCancel, onClick: () => setNoticeFor(null) },
          {
            label: messages.identityCameraNoticeContinue,
            onClick: noticeAccepted,
            primary: true,
            autoFocus: true,
          },
        ]}
      >
        <p>{messages.identityCameraNotice}</p>
      </Dialog>
    </Page>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="card identity-section">
      <legend>
        <h2>{title}</h2>
      </legend>
      {children}
    </fieldset>
  );
}

function TextField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'date';
  autoComplete?: string;
  inputMode?: 'text' | 'numeric';
  required?: boolean;
  hint?: string | undefined;
}) {
  const id = `identity-${props.id}`;
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.id}
        type={props.type ?? 'text'}
        value={props.value}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        required={props.required}
        aria-describedby={props.hint ? `${id}-hint` : undefined}
        onChange={(event) => props.onChange(event.currentTarget.value)}
      />
      {props.hint && (
        <span id={`${id}-hint`} className="identity-hint">
          {props.hint}
        </span>
      )}
    </div>
  );
}

function SelectField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
}) {
  const id = `identity-${props.id}`;
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <select
        id={id}
        name={props.id}
        value={props.value}
        required
        onChange={(event) => props.onChange(event.currentTarget.value)}
      >
        {!props.options.some((option) => option.value === props.value) && <option value="">—</option>}
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
