import type { ReactNode } from 'react';
import { Result } from 'antd';
import { useAtomValue } from 'jotai';
import { sessionAtom } from '@deals/shared-auth';

/**
 * Screens the menu shows to admins only (stores, product categories): staff who reach the URL are
 * told so instead of seeing a screen whose every call the API would refuse.
 */
export function AdminOnly({ what, children }: { what: string; children: ReactNode }) {
  const { isAdmin } = useAtomValue(sessionAtom);
  if (!isAdmin) return <Result status="403" title="Admins only" subTitle={`Only admins can manage ${what}.`} />;
  return <>{children}</>;
}
