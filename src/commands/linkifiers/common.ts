/**
 * What the linkifier commands share. Commands take an optional argument: a tree node (from a
 * menu), a plain object such as `{ linkifierId }` (tests), or nothing (the command asks).
 */
import * as vscode from 'vscode';
import type { Linkifier } from '../../api/realm/models';
import type { CurrentSession } from '../../session/manager';
import { UserFacingError } from '../../ui/errorMessage';
import type { LinkifiersModel } from '../../views/linkifiers';
import { pickOne } from '../../ui/quickInput';

export interface LinkifierArg {
  readonly linkifierId?: number;
  /** Tree nodes carry `kind`. */
  readonly kind?: 'linkifier';
}

/** Linkifiers are changed by organization administrators (own role ≤ 200) only. */
export function requireAdmin(current: CurrentSession): void {
  const role = current.store.ownUser?.role;
  if (role === undefined || role > 200)
    throw new UserFacingError(vscode.l10n.t('Only organization administrators can change linkifiers.'));
}

/** The linkifier named by the argument, or one the user picks; undefined when dismissed. */
export async function resolveLinkifier(
  model: LinkifiersModel,
  arg: LinkifierArg | undefined,
  placeHolder: string,
): Promise<Linkifier | undefined> {
  if (arg?.linkifierId !== undefined) {
    const found = model.get(arg.linkifierId);
    if (!found) throw new UserFacingError(vscode.l10n.t('The linkifier {0} no longer exists.', arg.linkifierId));
    return found;
  }
  const list = model.linkifiers();
  if (list.length === 0) throw new UserFacingError(vscode.l10n.t('This organization has no linkifiers.'));
  const picked = await pickOne(
    list.map((l, i) => ({ label: `${i + 1}. ${l.pattern}`, description: `→ ${l.url_template}`, linkifier: l })),
    { placeHolder, matchOnDescription: true },
  );
  return picked?.linkifier;
}
