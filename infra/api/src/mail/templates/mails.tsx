/**
 * Every mail the product sends, as React Email components: the one source of both the HTML part
 * and the plain-text part (render.ts renders each twice).
 *
 * Alert mails list deals; a deal's block is its own component so that a digest to many
 * subscribers renders each deal once and only assembles the blocks per address (render.ts).
 */
import type { ReactNode } from 'react';
import { Button } from '@react-email/button';
import { Link } from '@react-email/link';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { colors, Layout, type SiteFrame } from './layout.js';

const buttonStyle = { backgroundColor: colors.accent, color: '#ffffff', borderRadius: 6, padding: '12px 20px', fontWeight: 700, fontSize: 15 } as const;
const paragraph = { fontSize: 15, lineHeight: '22px', margin: '0 0 12px' } as const;

export interface ConfirmMailProps extends SiteFrame {
  confirmUrl: string;
  follows: string;
  frequency: 'INSTANT' | 'DAILY';
  hours: number;
}

export function ConfirmMail({ confirmUrl, follows, frequency, hours, ...site }: ConfirmMailProps) {
  return (
    <Layout
      {...site}
      preview="Confirm your deal alerts"
      heading="Confirm your deal alerts"
      reason={`Someone (we hope you) asked for deal alerts at ${site.siteName} with this address. If it was not you, ignore this mail: nothing will be sent.`}
    >
      <Text style={paragraph}>
        You asked for {frequency === 'DAILY' ? 'a daily digest' : 'an email as soon as a deal goes live'} about: {follows}.
      </Text>
      <Section style={{ margin: '8px 0 16px' }}>
        <Button href={confirmUrl} style={buttonStyle}>
          Confirm my alerts
        </Button>
      </Section>
      <Text style={{ ...paragraph, color: colors.muted, fontSize: 13 }}>
        The link works for {hours} hours. Until you open it we send nothing else.
      </Text>
    </Layout>
  );
}

export interface DealBlockProps {
  url: string;
  name: string;
  store: string;
  price: string | null;
  previousPrice: string | null;
  /** The code itself stays on the site, where the click-out is counted and the code's record shows. */
  hasCode: boolean;
  /** Why it matched this address ("lego", "Acme"): filled per address, so a marker here. */
  reasons: string;
}

export function DealBlock({ url, name, store, price, previousPrice, hasCode, reasons }: DealBlockProps) {
  return (
    <Section style={{ border: `1px solid ${colors.line}`, borderRadius: 6, padding: '12px 14px', margin: '0 0 12px' }}>
      <Link href={url} style={{ color: colors.ink, fontSize: 16, fontWeight: 700, textDecoration: 'none' }}>
        {name}
      </Link>
      <Text style={{ fontSize: 14, lineHeight: '20px', margin: '4px 0 0', color: colors.muted }}>
        {store}
        {price ? ` · ${price}` : ''}
        {previousPrice ? ` (was ${previousPrice})` : ''}
        {hasCode ? ' · with a promo code' : ''}
      </Text>
      <Text style={{ fontSize: 12, lineHeight: '18px', margin: '4px 0 0', color: colors.muted }}>Matches: {reasons}</Text>
    </Section>
  );
}

export interface AlertMailProps extends SiteFrame {
  heading: string;
  preview: string;
  intro: string;
  /** The deal blocks (or the marker render.ts replaces with them). */
  deals: ReactNode;
  manageUrl: string;
  unsubscribeUrl: string;
}

export function AlertMail({ heading, preview, intro, deals, manageUrl, unsubscribeUrl, ...site }: AlertMailProps) {
  return (
    <Layout
      {...site}
      preview={preview}
      heading={heading}
      reason={`You get this because you confirmed deal alerts at ${site.siteName} for this address.`}
      manageUrl={manageUrl}
      unsubscribeUrl={unsubscribeUrl}
    >
      <Text style={paragraph}>{intro}</Text>
      {deals}
    </Layout>
  );
}

export interface PasswordMailProps extends SiteFrame {
  purpose: 'reset' | 'invite';
  username: string;
  linkUrl: string;
  validFor: string;
}

export function PasswordMail({ purpose, username, linkUrl, validFor, ...site }: PasswordMailProps) {
  const invite = purpose === 'invite';
  return (
    <Layout
      {...site}
      preview={invite ? `You are invited to ${site.siteName}` : 'Set a new password'}
      heading={invite ? `Welcome to ${site.siteName}` : 'Set a new password'}
      reason={
        invite
          ? 'An administrator created a staff account with this address.'
          : 'Someone asked to recover the staff account with this address. If it was not you, ignore this mail: your password stays as it is.'
      }
    >
      <Text style={paragraph}>
        {invite ? `An account with the username ${username} is ready for you. Choose your password to sign in.` : `Choose a new password for ${username}.`}
      </Text>
      <Section style={{ margin: '8px 0 16px' }}>
        <Button href={linkUrl} style={buttonStyle}>
          {invite ? 'Choose my password' : 'Set a new password'}
        </Button>
      </Section>
      <Text style={{ ...paragraph, color: colors.muted, fontSize: 13 }}>The link works once, for {validFor}.</Text>
    </Layout>
  );
}
