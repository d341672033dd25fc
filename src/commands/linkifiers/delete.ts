/** `teamChat.deleteLinkifier`: removes a linkifier after a modal confirmation. */
import * as vscode from 'vscode';
import { removeLinkifier } from '../../api/realm/routes';
import { Commands } from '../../constants';
import type { CommandDeclaration } from '../../ui/commands';
import { withNotification } from '../../ui/progress';
import type { LinkifiersModel } from '../../views/linkifiers';
import { requireAdmin, resolveLinkifier, type LinkifierArg } from './common';

export interface DeleteLinkifierArgs extends LinkifierArg {
  /** `false` skips the confirmation (tests). */
  confirm?: boolean;
}

export function deleteLinkifierCommand(model: LinkifiersModel): CommandDeclaration {
  return {
    id: Commands.deleteLinkifier,
    session: true,
    failure: vscode.l10n.t('Could not delete the linkifier'),
    async run({ current }, arg?: DeleteLinkifierArgs): Promise<boolean> {
      requireAdmin(current);
      const linkifier = await resolveLinkifier(model, arg, vscode.l10n.t('Linkifier to delete'));
      if (!linkifier) return false;
      if (arg?.confirm !== false) {
        const del = vscode.l10n.t('Delete');
        const choice = await vscode.window.showWarningMessage(
          vscode.l10n.t('Delete the linkifier {0}?', linkifier.pattern),
          {
            modal: true,
            detail: vscode.l10n.t(
              'It links to {0}. Messages sent from now on are no longer linkified by it. This cannot be undone.',
              linkifier.url_template,
            ),
          },
          del,
        );
        if (choice !== del) return false;
      }
      await withNotification(vscode.l10n.t('Deleting the linkifier…'), (signal) =>
        removeLinkifier(current.client, { filter_id: linkifier.id }, { signal }),
      );
      return true;
    },
  };
}
