/**
 * Reminders on code that arrive the next time a file is opened, not at a time: kept on this
 * machine (VS Code's global state; no server involved), shown once when an editor of the file
 * becomes visible again, with a button that selects the lines.
 */
import * as vscode from 'vscode';
import { Emitter } from '../../base/event';
import { Disposable } from '../../base/lifecycle';
import type { LineRange } from '../../codeRefs/permalinks';
import { formatLineReference } from '../../codeRefs/references';
import { openAt } from '../code/openReference';

export interface FileReminder {
  readonly id: string;
  /** The file's URI (string form), and its workspace-relative path for messages. */
  readonly uri: string;
  readonly path: string;
  readonly lines: LineRange;
  /** The user's note (may be empty). */
  readonly remark: string;
  /** Unix milliseconds. */
  readonly created: number;
}

const KEY = 'teamChat.fileReminders.v1';

function isFileReminder(v: unknown): v is FileReminder {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as Record<string, unknown>;
  const lines = r.lines as Record<string, unknown> | undefined;
  return (
    typeof r.id === 'string' &&
    typeof r.uri === 'string' &&
    typeof r.path === 'string' &&
    typeof r.remark === 'string' &&
    typeof r.created === 'number' &&
    typeof lines?.start === 'number' &&
    typeof lines.end === 'number'
  );
}

export class FileReminders extends Disposable {
  /** URIs with a visible editor: a reminder fires when its file becomes visible again. */
  #visible = new Set<string>();
  readonly #onDidRemind = this._register(new Emitter<FileReminder>());
  /** A reminder was shown (tests). */
  readonly onDidRemind = this.#onDidRemind.event;

  constructor(private readonly memento: vscode.Memento) {
    super();
    this.#visible = this.#visibleNow();
    this._register(vscode.window.onDidChangeVisibleTextEditors(() => this.#check()));
  }

  list(): FileReminder[] {
    const stored = this.memento.get<unknown[]>(KEY, []);
    return Array.isArray(stored) ? stored.filter(isFileReminder) : [];
  }

  async add(uri: vscode.Uri, lines: LineRange, remark: string): Promise<FileReminder> {
    const reminder: FileReminder = {
      id: `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
      uri: uri.toString(),
      path: vscode.workspace.asRelativePath(uri, false),
      lines,
      remark: remark.trim(),
      created: Date.now(),
    };
    await this.memento.update(KEY, [...this.list(), reminder]);
    return reminder;
  }

  async remove(id: string): Promise<void> {
    await this.memento.update(
      KEY,
      this.list().filter((r) => r.id !== id),
    );
  }

  #visibleNow(): Set<string> {
    return new Set(vscode.window.visibleTextEditors.map((e) => e.document.uri.toString()));
  }

  #check(): void {
    const now = this.#visibleNow();
    const opened = [...now].filter((u) => !this.#visible.has(u));
    this.#visible = now;
    if (opened.length === 0) return;
    for (const reminder of this.list().filter((r) => opened.includes(r.uri))) void this.#remind(reminder);
  }

  async #remind(reminder: FileReminder): Promise<void> {
    await this.remove(reminder.id);
    this.#onDidRemind.fire(reminder);
    const where = formatLineReference(reminder.path, reminder.lines);
    const text =
      reminder.remark === ''
        ? vscode.l10n.t('Reminder: {0}', where)
        : vscode.l10n.t('Reminder: {0} ({1})', reminder.remark, where);
    const choice = await vscode.window.showInformationMessage(text, vscode.l10n.t('Show the Lines'));
    if (choice) await openAt(vscode.Uri.parse(reminder.uri), reminder.lines);
  }
}
