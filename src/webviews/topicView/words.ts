// Words of the conversation view that depend on what kind of conversation it is; shared by the
// page (bundled with its l10n) and the unit tests (no DOM, no vscode).
import * as l10n from '@vscode/l10n';
import type { TopicViewKey } from './protocol';

/** What the top of the list says once the oldest message is shown (a search says its own). */
export function beginningText(mode: TopicViewKey['mode']): string {
  return mode === 'dm' ? l10n.t('Beginning of the conversation') : l10n.t('Beginning of the topic');
}
