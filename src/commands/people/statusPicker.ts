/**
 * The status quick pick: recent statuses, suggested ones, a custom text with a live count against
 * the 60-code-point limit, and "Clear status". Sending is left to the caller (`submit`), so a
 * refusal (too long, server error) keeps the pick open with the typed text in it.
 */
import * as vscode from 'vscode';
import { STATUS_TEXT_MAX, codePointLength } from '../../api/validation';
import { statusLabel } from '../../emoji/status';
import { showQuickInput } from '../../ui/quickInput';

/** What is sent to `POST /users/me/status` or `POST /users/{user_id}/status`. */
export interface StatusChoice {
  status_text: string;
  emoji_name?: string;
  emoji_code?: string;
  reaction_type?: 'unicode_emoji' | 'realm_emoji' | 'chat_extra_emoji';
}

/** Suggested statuses: unicode emoji named as the server names them, codes as hex code points. */
export const SUGGESTED_STATUSES: readonly StatusChoice[] = [
  {
    status_text: vscode.l10n.t('In a meeting'),
    emoji_name: 'calendar',
    emoji_code: '1f4c6',
    reaction_type: 'unicode_emoji',
  },
  { status_text: vscode.l10n.t('Commuting'), emoji_name: 'car', emoji_code: '1f697', reaction_type: 'unicode_emoji' },
  { status_text: vscode.l10n.t('Out sick'), emoji_name: 'sick', emoji_code: '1f912', reaction_type: 'unicode_emoji' },
  {
    status_text: vscode.l10n.t('Vacationing'),
    emoji_name: 'palm_tree',
    emoji_code: '1f334',
    reaction_type: 'unicode_emoji',
  },
  {
    status_text: vscode.l10n.t('Working remotely'),
    emoji_name: 'house',
    emoji_code: '1f3e0',
    reaction_type: 'unicode_emoji',
  },
  {
    status_text: vscode.l10n.t('Focusing'),
    emoji_name: 'headphones',
    emoji_code: '1f3a7',
    reaction_type: 'unicode_emoji',
  },
];

export const CLEAR_STATUS: StatusChoice = { status_text: '', emoji_name: '' };

const RECENT_KEY = 'teamChat.recentStatuses';
const RECENT_MAX = 5;

export function recentStatuses(state: vscode.Memento): StatusChoice[] {
  const stored = state.get<unknown>(RECENT_KEY);
  if (!Array.isArray(stored)) return [];
  return stored.filter(
    (s): s is StatusChoice =>
      typeof s === 'object' && s !== null && typeof (s as StatusChoice).status_text === 'string',
  );
}

export async function rememberStatus(state: vscode.Memento, status: StatusChoice): Promise<void> {
  if (!status.status_text && !status.emoji_name) return;
  const same = (s: StatusChoice): boolean =>
    s.status_text === status.status_text && (s.emoji_name ?? '') === (status.emoji_name ?? '');
  const next = [status, ...recentStatuses(state).filter((s) => !same(s))].slice(0, RECENT_MAX);
  await state.update(RECENT_KEY, next);
}

/** "N/60" and, when over, what is wrong. */
export function countLabel(text: string): string {
  const n = codePointLength(text.trim());
  return n > STATUS_TEXT_MAX ? vscode.l10n.t('{0}/{1} — too long', n, STATUS_TEXT_MAX) : `${n}/${STATUS_TEXT_MAX}`;
}

interface StatusItem extends vscode.QuickPickItem {
  choice?: StatusChoice;
  custom?: boolean;
}

export interface PickStatusOptions {
  /** "Set Your Status", "Set Alice's Status". */
  title: string;
  recent: readonly StatusChoice[];
  current?: StatusChoice;
  /** Sends the choice; a thrown error's message is shown in the pick, which stays open. */
  submit: (choice: StatusChoice) => Promise<void>;
  /**
   * Handles a failure of `submit` (reporting it where it deserves a notification); returns the reason shown in the
   * pick.
   */
  failed: (error: unknown) => string;
}

/** Shows the pick; resolves with what was sent, or undefined when dismissed. */
export function pickStatus(options: PickStatusOptions): Promise<StatusChoice | undefined> {
  return showQuickInput<StatusChoice, StatusItem>({
    kind: 'pick',
    setup(pick, flow) {
      pick.title = `${options.title} (0/${STATUS_TEXT_MAX})`;
      pick.placeholder = vscode.l10n.t('Type a status, or pick a recent or suggested one');
      pick.matchOnDescription = true;
      pick.ignoreFocusOut = true;
      const update = (): void => {
        const text = pick.value;
        const count = countLabel(text);
        pick.title = `${options.title} (${count})`;
        const items = fixedItems(options);
        if (text.trim()) {
          items.unshift({
            label: `$(edit) ${text.trim()}`,
            description: vscode.l10n.t('Set this status · {0}', count),
            choice: { status_text: text.trim(), emoji_name: '' },
            custom: true,
            alwaysShow: true,
          });
        }
        pick.items = items;
      };
      update();
      pick.onDidChangeValue(update);
      pick.onDidAccept(async () => {
        const item = pick.selectedItems[0] ?? pick.activeItems[0];
        const choice =
          item?.choice ?? (pick.value.trim() ? { status_text: pick.value.trim(), emoji_name: '' } : undefined);
        if (!choice) return;
        try {
          await flow.busy(() => options.submit(choice));
          flow.done(choice);
        } catch (error) {
          // Refused (too long, or by the server): say why, keep what was typed.
          pick.title = `${options.title} (${countLabel(pick.value)}) — ${options.failed(error)}`;
        }
      });
    },
  });
}

/** The recent, suggested and "Clear status" rows (the typed status goes above them). */
function fixedItems(options: PickStatusOptions): StatusItem[] {
  const items: StatusItem[] = [];
  if (options.recent.length > 0) {
    items.push({ label: vscode.l10n.t('Recent'), kind: vscode.QuickPickItemKind.Separator });
    for (const choice of options.recent) items.push({ label: statusLabel(choice), choice });
  }
  items.push({ label: vscode.l10n.t('Suggested'), kind: vscode.QuickPickItemKind.Separator });
  for (const choice of SUGGESTED_STATUSES) items.push({ label: statusLabel(choice), choice });
  items.push({ label: '', kind: vscode.QuickPickItemKind.Separator });
  items.push({
    label: vscode.l10n.t('$(close) Clear status'),
    description: options.current ? vscode.l10n.t('now: {0}', statusLabel(options.current)) : undefined,
    choice: CLEAR_STATUS,
    alwaysShow: true,
  });
  return items;
}
