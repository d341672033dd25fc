/** `teamChat.deleteLinkifier`: removes a linkifier after a modal confirmation. */
import * as vscode from 'vscode';
import { removeLinkifier } from '../../api/realm/routes';
import type { Services } from '../../services';
import type { LinkifiersModel } from '../../views/linkifiers';
import { requireAdmin, resolveLinkifier, runCommand, withProgress, type LinkifierArg } from './common';

export interface DeleteLinkifierArgs extends LinkifierArg {
  /** `false` skips the confirmation (tests). */
  confirm?: boolean;
}

export function deleteLinkifierCommand(services: Services, model: LinkifiersModel, arg?: DeleteLinkifierArgs): Promise<boolean | undefined> {
  return runCommand(services, arg, 'Deleting the linkifier failed: ', async () => {
    const current = requireAdmin(services);
    const linkifier = await resolveLinkifier(model, arg, 'Linkifier to delete');
    if (!linkifier) return false;
    if (arg?.confirm !== false) {
      const choice = await vscode.window.showWarningMessage(
        `Delete the linkifier ${linkifier.pattern}?`,
        { modal: true, detail: `It links to ${linkifier.url_template}. Messages sent from now on are no longer linkified by it. This cannot be undone.` },
        'Delete',
      );
      if (choice !== 'Delete') return false;
    }
    await withProgress('Deleting the linkifier…', (signal) => removeLinkifier(current.client, { filter_id: linkifier.id }, { signal }));
    return true;
  });
}
