import { useId, type ChangeEvent } from 'react';
import './image-uploader.css';

export interface UploaderItem {
  id: string;
  /** What the thumbnail shows: a local object URL while uploading, or any image address. */
  previewUrl: string;
  uploading: boolean;
}

export interface ImageUploaderProps {
  items: readonly UploaderItem[];
  max: number;
  /** Files the borrower picked, at most as many as still fit. */
  onFiles: (files: File[]) => void;
  onRemove: (id: string) => void;
  labels: { add: string; remove: string; image: string; uploading: string };
}

/**
 * Thumbnails with a remove button and an add tile. The tile is a native file input restricted to
 * images, so phones offer the camera or the gallery; it disappears once `max` images are there.
 */
export function ImageUploader({ items, max, onFiles, onRemove, labels }: ImageUploaderProps) {
  const inputId = useId();
  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.currentTarget.files ?? []).slice(0, Math.max(0, max - items.length));
    // Cleared so that picking the same photo again (after removing it) fires change again.
    event.currentTarget.value = '';
    if (files.length > 0) onFiles(files);
  }
  return (
    <ul className="kw-uploader">
      {items.map((item, index) => (
        <li key={item.id} className="kw-uploader__item" aria-busy={item.uploading}>
          <img src={item.previewUrl} alt={`${labels.image} ${index + 1}`} width="96" height="96" />
          {item.uploading && (
            <span className="kw-uploader__busy">
              <span className="kw-visually-hidden">{labels.uploading}</span>
            </span>
          )}
          <button
            type="button"
            className="kw-uploader__remove"
            aria-label={`${labels.remove} ${index + 1}`}
            onClick={() => onRemove(item.id)}
          >
            <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
      {items.length < max && (
        <li className="kw-uploader__item">
          <input
            id={inputId}
            className="kw-uploader__input"
            type="file"
            accept="image/*"
            multiple
            onChange={handleChange}
          />
          <label htmlFor={inputId} className="kw-uploader__add">
            <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
              <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            <span className="kw-visually-hidden">{labels.add}</span>
          </label>
        </li>
      )}
    </ul>
  );
}
