import { useState } from 'react';
import { AppDownloadModal } from './AppDownloadModal';
import './dealParts.css';

/**
 * Heart and count: danger-coloured above 0, grey at 0 (spec 001 §1). Liking needs the app, so a
 * click opens the download prompt (mounted on first use only, then kept so focus returns).
 */
export function LikeCounter({ likes, className }: { likes: number; className?: string }) {
  const [open, setOpen] = useState<boolean | null>(null);
  const state = likes > 0 ? 'liked' : 'none';
  return (
    <>
      <button
        type="button"
        className={['like', `like--${state}`, className].filter(Boolean).join(' ')}
        data-state={state}
        aria-label={`${likes} ${likes === 1 ? 'like' : 'likes'}, like this deal`}
        onClick={() => setOpen(true)}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path
            d="M12 21s-7.5-4.6-9.6-9.3C.9 8.4 3 4.5 6.8 4.5c2.1 0 3.6 1.2 5.2 3 1.6-1.8 3.1-3 5.2-3 3.8 0 5.9 3.9 4.4 7.2C19.5 16.4 12 21 12 21z"
            fill={likes > 0 ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="2"
          />
        </svg>
        <span>{likes}</span>
      </button>
      {open !== null && <AppDownloadModal open={open} onClose={() => setOpen(false)} />}
    </>
  );
}
