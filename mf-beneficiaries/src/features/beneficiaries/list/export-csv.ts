import { BENEFICIARY_EXPORT_PATH, beneficiaryExportFileName } from '@kcf/contracts';
import { downloadBlob, now, throwIfNotOk, urlFromQueryKey } from '@kcf/web-kit';

/** The file name the server gave in Content-Disposition, if any. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through to the plain name */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain ? plain[1].trim() : null;
}

/** Downloads the server's CSV of every row matching the filters (not only the loaded page). */
export async function downloadBeneficiariesCsv(params: Record<string, string | undefined>): Promise<void> {
  const res = await fetch(urlFromQueryKey([BENEFICIARY_EXPORT_PATH, params]), { credentials: 'include' });
  await throwIfNotOk(res);
  const blob = await res.blob();
  const name = fileNameFromDisposition(res.headers.get('content-disposition')) ?? beneficiaryExportFileName(now());
  downloadBlob(blob, name);
}
