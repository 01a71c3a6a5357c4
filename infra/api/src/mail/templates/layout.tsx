/**
 * The frame of every mail: the site's name, a heading, the body, and a footer saying why the
 * mail came and (for alerts) how to change or stop it. Inline styles only: mail clients ignore
 * style sheets, and React Email's components already write the table markup they need.
 */
import type { ReactNode } from 'react';
import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';

export const colors = { ink: '#1f2328', muted: '#59636e', accent: '#d4380d', line: '#e5e7eb', page: '#f5f6f8' } as const;

export interface SiteFrame {
  siteName: string;
  siteUrl: string;
}

export interface LayoutProps extends SiteFrame {
  preview: string;
  heading: string;
  children: ReactNode;
  /** Why this address gets the mail (one sentence). */
  reason: string;
  /** Alerts: the manage page and the visible unsubscribe link. */
  manageUrl?: string;
  unsubscribeUrl?: string;
}

export function Layout({ siteName, siteUrl, preview, heading, children, reason, manageUrl, unsubscribeUrl }: LayoutProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: colors.page, fontFamily: 'Helvetica, Arial, sans-serif', color: colors.ink, margin: 0, padding: '24px 0' }}>
        <Container style={{ backgroundColor: '#ffffff', maxWidth: 600, padding: '24px 28px', borderRadius: 8 }}>
          <Link href={siteUrl} style={{ color: colors.accent, fontSize: 18, fontWeight: 700, textDecoration: 'none' }}>
            {siteName}
          </Link>
          <Heading as="h1" style={{ fontSize: 22, lineHeight: '28px', margin: '16px 0 8px' }}>
            {heading}
          </Heading>
          {children}
          <Hr style={{ borderColor: colors.line, margin: '24px 0 12px' }} />
          <Section>
            <Text style={{ color: colors.muted, fontSize: 12, lineHeight: '18px', margin: 0 }}>{reason}</Text>
            {manageUrl && unsubscribeUrl ? (
              <Text style={{ color: colors.muted, fontSize: 12, lineHeight: '18px', margin: '6px 0 0' }}>
                <Link href={manageUrl} style={{ color: colors.muted }}>
                  Manage your alerts
                </Link>
                {' · '}
                <Link href={unsubscribeUrl} style={{ color: colors.muted }}>
                  Unsubscribe
                </Link>
              </Text>
            ) : null}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
