import { useState } from 'react';
import { toast } from '@deals/shared-auth';
import type { MessageResponse } from '@deals/contract';

export interface PublishSteps {
  /** Saves the unsaved edits as the draft first (left out when there are none); false stops there. */
  saveDraft?: () => Promise<boolean>;
  /** Puts the draft on the public site. */
  publish: () => Promise<MessageResponse>;
  /** Reloads the record (and with it the form) once the draft was saved, published or not. */
  onChanged?: () => void;
}

/**
 * An editor's Publish (pages, blogs, content sections, banners): unsaved edits are saved as the
 * draft first; then the draft goes public, its message a success toast and a failure a warning.
 * `publishing` is true while either call runs.
 */
export function usePublish(): { publishing: boolean; publish: (steps: PublishSteps) => Promise<void> } {
  const [publishing, setPublishing] = useState(false);
  const publish = async ({ saveDraft, publish: call, onChanged }: PublishSteps) => {
    setPublishing(true);
    try {
      if (saveDraft && !(await saveDraft())) return;
      try {
        const { message } = await call();
        toast.success(message);
      } catch (error) {
        toast.failure(error, 'warning');
      }
      onChanged?.();
    } finally {
      setPublishing(false);
    }
  };
  return { publishing, publish };
}
