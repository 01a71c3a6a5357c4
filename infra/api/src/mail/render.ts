/**
 * Mails as subject, HTML and plain text, both parts rendered by React Email from the same
 * components (templates/). Alert mails are assembled: the frame is rendered once with markers
 * where the per-address values go, and each deal's block once per deal, so a digest to 100,000
 * addresses renders a few dozen React trees and then only joins strings.
 */
import { render } from '@react-email/render';
import type { ReactElement } from 'react';
import { createElement } from 'react';
import { AlertMail, ConfirmMail, DealBlock, PasswordMail, type ConfirmMailProps, type DealBlockProps, type PasswordMailProps } from './templates/mails.js';
import type { SiteFrame } from './templates/layout.js';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

interface Parts {
  html: string;
  text: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

async function renderBoth(element: ReactElement): Promise<Parts> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true, htmlToTextOptions: { wordwrap: 78 } })]);
  return { html, text };
}

/** Replaces `%%NAME%%` markers: escaped in the HTML part, as they are in the text part. */
function fill(parts: Parts, values: Record<string, string>, raw: Record<string, Parts> = {}): Parts {
  const pattern = /%%([A-Z]+)%%/g;
  const html = parts.html.replace(pattern, (marker, name: string) => raw[name]?.html ?? (values[name] !== undefined ? escapeHtml(values[name]) : marker));
  const text = parts.text.replace(pattern, (marker, name: string) => raw[name]?.text ?? values[name] ?? marker);
  return { html, text };
}

export async function renderConfirmMail(props: ConfirmMailProps): Promise<RenderedMail> {
  return { subject: `Confirm your deal alerts at ${props.siteName}`, ...(await renderBoth(createElement(ConfirmMail, props))) };
}

export async function renderPasswordMail(props: PasswordMailProps): Promise<RenderedMail> {
  const subject = props.purpose === 'invite' ? `Your staff account at ${props.siteName}` : `Set a new password for ${props.siteName}`;
  return { subject, ...(await renderBoth(createElement(PasswordMail, props))) };
}

const BLOCK_CACHE = 5000;

export type AlertDeal = Omit<DealBlockProps, 'reasons'> & { id: number };

export interface AlertMailInput {
  subject: string;
  heading: string;
  preview: string;
  intro: string;
  manageUrl: string;
  unsubscribeUrl: string;
  /** Each deal with why it matched this address. */
  deals: { deal: AlertDeal; reasons: string }[];
}

/**
 * Renders alert mails for one site frame, caching the frame and each deal's block (keyed by the
 * deal's values, so an edited deal renders anew). One renderer serves one sending batch or run.
 */
export function createAlertRenderer(site: SiteFrame) {
  let frame: Promise<Parts> | undefined;
  const blocks = new Map<string, Promise<Parts>>();

  const frameParts = () =>
    (frame ??= renderBoth(
      createElement(AlertMail, {
        ...site,
        heading: '%%HEADING%%',
        preview: '%%PREVIEW%%',
        intro: '%%INTRO%%',
        deals: '%%DEALS%%',
        manageUrl: '%%MANAGE%%',
        unsubscribeUrl: '%%UNSUBSCRIBE%%',
      }),
    ));

  const blockParts = (deal: AlertDeal) => {
    const key = JSON.stringify(deal);
    let parts = blocks.get(key);
    if (!parts) {
      // A digest's deals are a few thousand at most; an edited deal's old block is dropped in time.
      if (blocks.size >= BLOCK_CACHE) blocks.delete(blocks.keys().next().value!);
      parts = renderBoth(createElement(DealBlock, { ...deal, reasons: '%%REASONS%%' }));
      blocks.set(key, parts);
    }
    return parts;
  };

  return {
    async render(input: AlertMailInput): Promise<RenderedMail> {
      const dealParts = await Promise.all(input.deals.map(async ({ deal, reasons }) => fill(await blockParts(deal), { REASONS: reasons })));
      const deals = { html: dealParts.map((p) => p.html).join(''), text: dealParts.map((p) => p.text.trim()).join('\n\n') };
      const body = fill(
        await frameParts(),
        { HEADING: input.heading, PREVIEW: input.preview, INTRO: input.intro, MANAGE: input.manageUrl, UNSUBSCRIBE: input.unsubscribeUrl },
        { DEALS: deals },
      );
      return { subject: input.subject, ...body };
    },
  };
}
