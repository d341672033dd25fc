/**
 * The search box: a quick pick whose first row is the query as typed — "Search" when it parses,
 * the parser's error when not (what is wrong beside it, how to fix it on the line below; Enter
 * then does nothing) — then the recent queries and the operator cheat-sheet; picking an operator
 * adds it to the query and keeps the box open.
 */
import * as vscode from 'vscode';
import { parseSearchQuery, type SearchDirectory, type SearchQuery } from '../../messageList/searchQuery';
import { showQuickInput } from '../../ui/quickInput';
import { operatorHints, queryErrorText } from './queryText';

interface Item extends vscode.QuickPickItem {
  readonly action:
    { kind: 'search' } | { kind: 'recent'; query: string } | { kind: 'insert'; text: string } | { kind: 'none' };
}

export interface PickedQuery {
  readonly text: string;
  readonly query: SearchQuery;
}

export function pickSearchQuery(
  directory: SearchDirectory,
  recent: readonly string[],
  initial = '',
): Promise<PickedQuery | undefined> {
  const hints = operatorHints();
  return showQuickInput<PickedQuery, Item>({
    kind: 'pick',
    setup(pick, flow) {
      pick.title = vscode.l10n.t('Search Messages');
      pick.placeholder = vscode.l10n.t(
        'Words to find, and operators: channel:, topic:, sender:, has:, is:… (pick one below to add it)',
      );
      pick.matchOnDescription = false;
      pick.ignoreFocusOut = true;
      pick.value = initial;
      const render = (): void => {
        pick.items = itemsFor(pick.value, directory, recent, hints);
      };
      pick.onDidChangeValue(render);
      pick.onDidAccept(() => {
        const item = pick.selectedItems[0] ?? pick.activeItems[0];
        const action = item?.action ?? { kind: 'search' as const };
        if (action.kind === 'insert') {
          // Adds the operator at the end (a separating space first) and keeps the box open.
          const value = pick.value;
          pick.value = value === '' || /\s$/.test(value) ? value + action.text : `${value} ${action.text}`;
          render();
          return;
        }
        const text = action.kind === 'recent' ? action.query : pick.value;
        const parsed = parseSearchQuery(text, directory);
        if (!parsed.ok) {
          // Shown in the first row already; nothing is sent, and the text stays.
          if (action.kind === 'recent') pick.value = text;
          render();
          return;
        }
        flow.done({ text: text.trim(), query: parsed.query });
      });
      render();
    },
  });
}

/** A section's heading row. */
function separator(label: string): Item {
  return { label, kind: vscode.QuickPickItemKind.Separator, action: { kind: 'none' } };
}

/** The rows for `text`: the query (or its error), the recent queries, the operators. */
function itemsFor(
  text: string,
  directory: SearchDirectory,
  recent: readonly string[],
  hints: ReturnType<typeof operatorHints>,
): Item[] {
  const items: Item[] = [];
  if (text.trim() !== '') {
    const parsed = parseSearchQuery(text, directory);
    if (parsed.ok) {
      items.push({
        label: text,
        description: vscode.l10n.t('Search'),
        iconPath: new vscode.ThemeIcon('search'),
        alwaysShow: true,
        action: { kind: 'search' },
      });
    } else {
      // What is wrong beside the query, how to fix it on a line of its own: neither is cut off.
      const { problem, hint } = queryErrorText(parsed.error);
      items.push({
        label: text,
        description: problem,
        detail: hint,
        iconPath: new vscode.ThemeIcon('error'),
        alwaysShow: true,
        action: { kind: 'none' },
      });
    }
  }
  const recents = recent.filter((q) => q !== text);
  if (recents.length > 0) {
    items.push(separator(vscode.l10n.t('Recent searches')));
    for (const q of recents)
      items.push({
        label: q,
        iconPath: new vscode.ThemeIcon('history'),
        alwaysShow: true,
        action: { kind: 'recent', query: q },
      });
  }
  items.push(separator(vscode.l10n.t('Operators')));
  for (const h of hints)
    items.push({
      label: h.insert,
      description: h.description,
      alwaysShow: true,
      action: { kind: 'insert', text: h.insert },
    });
  return items;
}
