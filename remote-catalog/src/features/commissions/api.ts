import { api } from '@deals/shared-auth/client';
import type { CommissionFormat, CommissionImportResult, EarningsGroup, EarningsReport } from '@deals/contract';

/** Sends a network's report as it was downloaded: the raw CSV is the body, the format a parameter. */
export async function importCommissions(file: File, format: CommissionFormat): Promise<CommissionImportResult> {
  const { data } = await api.post<CommissionImportResult>('Commissions/Import', file, { params: { format }, headers: { 'Content-Type': 'text/csv' } });
  return data;
}

/** Earnings per day, deal or store and currency over `from`–`to` (UTC days, both included). */
export async function fetchEarnings(query: { groupBy: EarningsGroup; from: string; to: string }): Promise<EarningsReport> {
  const { data } = await api.get<EarningsReport>('Commissions/GetEarnings', { params: query });
  return data;
}
