/**
 * `detached_uploads` after an edit: files of the user's that no message links to any more. Asks
 * whether to delete them (docs/API.md operation 19), listing names and sizes.
 */
import * as vscode from 'vscode';
import type { ChatClient } from '../../api';
import type { Attachment } from '../../api/messages/attachment';
import { removeAttachment } from '../../api/messages/routes';
import { reportError } from '../../ui/report';

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * Offers to delete `uploads`. `answer` skips the question (`true`: delete, `false`: keep).
 * Returns the IDs deleted; a file that could not be deleted is reported (the others still are).
 */
export async function offerDeleteDetached(
  log: vscode.LogOutputChannel,
  client: ChatClient,
  uploads: readonly Attachment[],
  answer?: boolean,
): Promise<number[]> {
  if (uploads.length === 0) return [];
  let remove = answer;
  if (remove === undefined) {
    const list = uploads.map((u) => `${u.name} (${formatSize(u.size)})`).join(', ');
    const one = uploads.length === 1;
    const del = one ? vscode.l10n.t('Delete File') : vscode.l10n.t('Delete {0} Files', uploads.length);
    const picked = await vscode.window.showInformationMessage(
      one
        ? vscode.l10n.t('Your edit removed the last link to this file: {0}. Delete it from the server?', list)
        : vscode.l10n.t('Your edit removed the last link to these files: {0}. Delete them from the server?', list),
      { modal: true, detail: vscode.l10n.t('Deleted files cannot be restored. Keep them if you link them elsewhere.') },
      del,
      vscode.l10n.t('Keep'),
    );
    remove = picked === del;
  }
  if (!remove) return [];
  const deleted: number[] = [];
  for (const u of uploads) {
    try {
      await removeAttachment(client, { attachment_id: u.id });
      deleted.push(u.id);
    } catch (e) {
      reportError(log, e, vscode.l10n.t('Could not delete {0}', u.name));
    }
  }
  return deleted;
}
