import type { BadgeTone } from '@kcf/ui';
import type { DataRequestDomain, DataRequestState, DataRequestType } from '@kcf/contracts';

export const DATA_REQUEST_TEXTS = {
  title: 'Data requests',
  subtitle: "A child's data handed to the guardian or erased, and the children due for the retention review",
  empty: 'No data requests yet.',
  loadFailed: 'The data requests could not be loaded',
  reviewTitle: 'Retention review',
  reviewIntro:
    'Inactive children whose records have not changed for longer than the retention period. Keep a child (with a reason) or erase it. A Keep lasts a year; after that the child is listed here again.',
  reviewEmpty: 'No inactive children are due for review.',
  reviewFailed: 'The retention review could not be loaded',
  kept: 'Child kept for another year',
  keepFailed: 'Failed to keep the child',
  forSuperAdmins: 'Data requests are for Super Admins',
  forSuperAdminsMessage: "Ask a Super Admin to export or erase a child's data.",
  noReason: 'No reason given',
  notDownloaded: 'Not downloaded',
  download: 'Download ZIP',
} as const;

/** When an export's ZIP was handed over: 'Downloaded once, 24 Nov 2026 14:03', 'Downloaded 3 times, last 24 Nov 2026 14:03'. */
export function downloadsText(count: number, lastAt: string): string {
  return count === 1 ? `Downloaded once, ${lastAt}` : `Downloaded ${count} times, last ${lastAt}`;
}

export const TYPE_LABELS: Record<DataRequestType, string> = { export: 'Export', erasure: 'Erasure' };

export const STATE_LABELS: Record<DataRequestState, string> = {
  pending: 'Pending',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
};

export const STATE_TONES: Record<DataRequestState, BadgeTone> = {
  pending: 'gray',
  running: 'blue',
  done: 'green',
  failed: 'red',
};

export const DOMAIN_LABELS: Record<DataRequestDomain, string> = {
  beneficiaries: 'Beneficiaries',
  finance: 'Finance',
  identity: 'Identity',
};
