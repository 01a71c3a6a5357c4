import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import type { LinkCheck } from '@deals/contract';
import { toast } from '@deals/shared-auth';
import { checkDealLink } from './api';
import { LinkCheckResult } from './LinkCheckResult';

const BUTTON_NAME = 'Check link now';

/** Runs one check at a time and keeps the latest answer; a failed call keeps the previous answer on screen. */
function useLinkCheck(productId: number) {
  const [pending, setPending] = useState(false);
  const [check, setCheck] = useState<LinkCheck | null>(null);
  // The store may take half a minute to answer: the editor may have left the page by then.
  const mounted = useRef(true);
  useEffect(() => {
    // Set again on mount: React's strict mode unmounts and remounts once in development.
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const run = useCallback(() => {
    setPending(true);
    checkDealLink(productId)
      .then(
        (answer) => mounted.current && setCheck(answer),
        (error: unknown) => toast.failure(error),
      )
      .finally(() => mounted.current && setPending(false));
  }, [productId]);
  return { pending, check, run };
}

/**
 * "Check link now" under the deal's Link field: asks the server to check the deal's link and shows
 * what it found. The server checks the saved link, so a link typed but not saved is not what it tries.
 */
export function DealLinkCheck({ productId, linkEdited }: { productId: number; linkEdited: boolean }) {
  const { pending, check, run } = useLinkCheck(productId);
  return (
    <div className="deal-link-check">
      <div className="deal-link-check__bar">
        {/* The spinner icon of a loading button would otherwise join the button's accessible name. */}
        <Button icon={<LinkOutlined />} onClick={run} loading={pending} aria-label={BUTTON_NAME} aria-busy={pending}>
          {BUTTON_NAME}
        </Button>
        <span className="deal-link-check__hint">{linkEdited ? 'Checks the saved link, not the one typed above: save first to check it.' : 'Checks the saved link.'}</span>
      </div>
      {/* Always present, so screen readers announce the answer when it arrives. */}
      <div role="status" aria-label="Link check" className="deal-link-check__status">
        {pending ? <p className="deal-link-check__pending">Checking the store&apos;s page; this can take up to 30 seconds.</p> : check && <LinkCheckResult check={check} />}
      </div>
    </div>
  );
}
