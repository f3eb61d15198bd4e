import { useEffect, useState, type ChangeEvent } from 'react';
import { DEMO_SESSION_PRELOAD_KEY, messages } from '@kwarta/contract';
import { Page } from '../../components/page.tsx';
import { usePreloaded } from '../../lib/preloaded-data.ts';
import { readRuntimeEnv } from '../../lib/runtime-env.ts';
import {
  emptyPreviewValues,
  previewFields,
  previewLinks,
  previewUrl,
  type PreviewValues,
} from './test-preview-fields.ts';
import './test-preview.css';

async function fetchDemoSession(): Promise<Partial<PreviewValues> | null> {
  try {
    const response = await fetch('/dev/demo-session', { headers: { Accept: 'application/json' } });
    return response.ok ? ((await response.json()) as Partial<PreviewValues>) : null;
  } catch {
    return null;
  }
}

/**
 * The hidden developer page (spec §2, D14): edit the values a native shell would pass and open
 * any in-app page with them. Prefilled with a fresh demo-borrower session outside production,
 * which the server renders into the page (else it is fetched here).
 */
export function TestPreviewPage() {
  const demo = usePreloaded<Partial<PreviewValues>>(DEMO_SESSION_PRELOAD_KEY);
  const [values, setValues] = useState<PreviewValues>(() => ({ ...emptyPreviewValues, ...demo }));

  useEffect(() => {
    if (demo || readRuntimeEnv() === 'production') return;
    let active = true;
    fetchDemoSession().then((demo) => {
      if (active && demo) setValues((current) => ({ ...current, ...demo }));
    });
    return () => {
      active = false;
    };
    // Once, as the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const update = (name: keyof PreviewValues) => (event: ChangeEvent<HTMLInputElement>) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  return (
    <Page title="Test preview">
      <form className="card preview-fields" onSubmit={(event) => event.preventDefault()}>
        {previewFields.map((field) => (
          <div className="field" key={field.name}>
            <label htmlFor={`preview-${field.name}`}>{field.label}</label>
            <input
              id={`preview-${field.name}`}
              name={field.name}
              value={values[field.name]}
              onChange={update(field.name)}
              autoComplete="off"
              spellCheck={false}
            />
          </div>
        ))}
      </form>

      <nav className="preview-links" aria-label="Open a page">
        {previewLinks.map((link) => (
          <button
            key={link.path}
            type="button"
            className="button button-secondary"
            onClick={() => window.location.assign(previewUrl(link.path, values))}
          >
            {link.label}
          </button>
        ))}
      </nav>

      <DeviceChecks />
    </Page>
  );
}

/** The device capabilities a native shell must grant the web view: camera/gallery, contacts, location. */
function DeviceChecks() {
  const [photo, setPhoto] = useState<{ name: string; size: number; url: string } | null>(null);
  const [contact, setContact] = useState('');
  const [location, setLocation] = useState('');

  useEffect(() => () => (photo ? URL.revokeObjectURL(photo.url) : undefined), [photo]);

  const pickPhoto = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setPhoto(file ? { name: file.name, size: file.size, url: URL.createObjectURL(file) } : null);
  };

  const locate = () => {
    if (!('geolocation' in navigator)) {
      setLocation(messages.locationUnsupported);
      return;
    }
    setLocation('Locating…');
    navigator.geolocation.getCurrentPosition(
      (position) =>
        setLocation(`Longitude: ${position.coords.longitude}, Latitude: ${position.coords.latitude}`),
      (error) => setLocation(`${messages.locationUnsupported} (${error.message || 'permission denied'})`),
      { timeout: 10_000 },
    );
  };

  return (
    <section className="card preview-device" aria-label="Device checks">
      <h2>Device checks</h2>
      <div className="field">
        <label htmlFor="preview-photo">Photo</label>
        <input id="preview-photo" type="file" accept="image/*" onChange={pickPhoto} />
        {photo && (
          <figure className="preview-photo">
            <img src={photo.url} alt="Chosen photo" />
            <figcaption className="muted">
              {photo.name} · {Math.round(photo.size / 1024)} KB
            </figcaption>
          </figure>
        )}
      </div>
      <div className="field">
        <label htmlFor="preview-contact">Contact</label>
        <input
          id="preview-contact"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={contact}
          onChange={(event) => setContact(event.target.value)}
        />
      </div>
      <div className="preview-locate">
        <button type="button" className="button" onClick={locate}>
          Locate
        </button>
        <output aria-live="polite">{location}</output>
      </div>
    </section>
  );
}
