import { useEffect, useId, type ReactNode } from 'react';
import { Button, Flex, Result, Tooltip, Typography, type ButtonProps } from 'antd';
import { useAtomValue } from 'jotai';
import { attachmentUrl, sessionAtom, sessionStore } from '@deals/shared-auth';
import './admin-page.css';

// The frame pieces every admin screen uses: heading, admins-only gate, image cells, form footer.

/** A screen's heading (and the tab's title), with its main buttons on the right. */
export function PageHeader({ title, extra, children }: { title: string; extra?: ReactNode; children?: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Back office`;
  }, [title]);
  return (
    <Flex className="deals-page-header" justify="space-between" align="center" wrap gap={12}>
      <div>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {children}
      </div>
      {extra && (
        <Flex gap={8} wrap>
          {extra}
        </Flex>
      )}
    </Flex>
  );
}

/**
 * Screens the menu shows to admins only: staff who reach the URL are told so instead of seeing a
 * screen whose every call the API would refuse.
 */
export function AdminOnly({ what, children }: { what: string; children: ReactNode }) {
  const { isAdmin } = useAtomValue(sessionAtom, { store: sessionStore });
  if (!isAdmin) return <Result status="403" title="Admins only" subTitle={`Only admins can manage ${what}.`} />;
  return <>{children}</>;
}

/** A table cell's image (logo, preview image), or a dash when there is none. */
export function Thumbnail({ path, alt = '', size = 48 }: { path: string | null | undefined; alt?: string; size?: number }) {
  if (!path) return <span aria-label="No image">—</span>;
  return <img className="deals-thumbnail" src={attachmentUrl(path)} alt={alt} width={size} height={size} loading="lazy" />;
}

/**
 * A cell's text cut to one line by CSS, the whole text in its tooltip. ProTable's `ellipsis`
 * measures every cell for overflow (a forced layout each): 0.7 s of a 100-row deals page.
 */
export function Truncated({ text }: { text: string | null | undefined }) {
  if (!text) return <>—</>;
  return (
    <span className="deals-truncate" title={text}>
      {text}
    </span>
  );
}

/** The sticky bar at the bottom of a form page: Cancel, Save… (hidden when the form is read-only). */
export function FormFooter({ children }: { children: ReactNode }) {
  return <div className="deals-form-footer">{children}</div>;
}

/**
 * A table row's action: icon and word, or on a phone (and with `iconOnly`, where the table is
 * tight) the icon alone, the word in its tooltip. `name` is its accessible name ("View Kindle").
 */
export function RowAction({ label, name, iconOnly = false, ...button }: Omit<ButtonProps, 'children' | 'aria-label'> & { label: string; name: string; iconOnly?: boolean }) {
  // Its own id: the tooltip describes this button only (antd's test builds give every popup one id).
  const tooltipId = useId();
  const action = (
    <Button size="small" {...button} aria-label={name} className={`deals-row-action${iconOnly ? ' deals-row-action--icon' : ''}`}>
      <span className="deals-row-action__label">{label}</span>
    </Button>
  );
  return iconOnly ? (
    <Tooltip id={tooltipId} title={label}>
      {action}
    </Tooltip>
  ) : (
    action
  );
}
