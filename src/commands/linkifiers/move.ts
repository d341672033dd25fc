/** `teamChat.moveLinkifierUp` / `Down`: reorders with `PATCH /realm/linkifiers` (the first match wins). */
import * as vscode from 'vscode';
import { reorderLinkifiers } from '../../api/realm/routes';
import { Commands } from '../../constants';
import type { CommandDeclaration } from '../../ui/commands';
import { moveOneStep } from '../../ui/reorder';
import { withNotification } from '../../ui/progress';
import type { LinkifiersModel } from '../../views/linkifiers';
import { requireAdmin, resolveLinkifier, type LinkifierArg } from './common';

/** `-1` up, `+1` down; resolves to the new order (ids), or undefined when nothing was done. */
export function moveLinkifierCommand(model: LinkifiersModel, delta: -1 | 1): CommandDeclaration {
  return {
    id: delta < 0 ? Commands.moveLinkifierUp : Commands.moveLinkifierDown,
    session: true,
    failure: vscode.l10n.t('Could not reorder the linkifiers'),
    async run({ current }, arg?: LinkifierArg): Promise<number[] | undefined> {
      requireAdmin(current);
      const linkifier = await resolveLinkifier(
        model,
        arg,
        delta < 0 ? vscode.l10n.t('Linkifier to move up') : vscode.l10n.t('Linkifier to move down'),
      );
      if (!linkifier) return undefined;
      const order = moveOneStep(
        model.linkifiers().map((l) => l.id),
        linkifier.id,
        delta,
        {
          first: () => vscode.l10n.t('The linkifier {0} is already first.', linkifier.pattern),
          last: () => vscode.l10n.t('The linkifier {0} is already last.', linkifier.pattern),
        },
      );
      await withNotification(vscode.l10n.t('Reordering the linkifiers…'), (signal) =>
        reorderLinkifiers(current.client, { ordered_linkifier_ids: order }, { signal }),
      );
      return order;
    },
  };
}
