/**
 * The realm's upload size rule in words, without dependencies: shared by the API binding
 * (./upload.ts) and the conversation view's page, which checks a pasted or dropped file before
 * sending its bytes to the host.
 */
import * as l10n from '@vscode/l10n';

export const MIB = 1024 * 1024;

/** "3.2 MiB", "812 KiB", "17 bytes". */
export function formatSize(bytes: number): string {
  if (bytes >= MIB) return `${(bytes / MIB).toFixed(1).replace(/\.0$/, '')} MiB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KiB`;
  return `${bytes} byte${bytes === 1 ? '' : 's'}`;
}

/**
 * Why the organisation would refuse a file of `size` bytes under `max_file_upload_size_mib` =
 * `maxMib` (the server's own comparison: more than that many MiB; 0 disables uploads), or
 * undefined when it fits or the limit is unknown.
 */
export function uploadSizeProblem(name: string, size: number, maxMib: number | undefined): string | undefined {
  if (maxMib === undefined) return undefined;
  if (maxMib <= 0) return l10n.t('File uploads are disabled in this organization.');
  if (size > maxMib * MIB)
    return l10n.t('"{0}" is {1}: this organization accepts files of at most {2} MiB.', name, formatSize(size), maxMib);
  return undefined;
}
