/**
 * Do Not Disturb: no message notifications while on. Local to this machine (kept in
 * globalState, not the server's `presence_enabled`); a status-bar item shows it and toggles it.
 */
import * as vscode from 'vscode';
import { Emitter } from '../base/event';
import { Commands } from '../constants';
import { Disposable } from '../base/lifecycle';

const STATE_KEY = 'teamChat.doNotDisturb';

export class DoNotDisturb extends Disposable {
  readonly #item: vscode.StatusBarItem;
  readonly #onDidChange = this._register(new Emitter<boolean>());
  readonly onDidChange = this.#onDidChange.event;

  constructor(private readonly state: vscode.Memento) {
    super();
    this.#item = this._register(
      vscode.window.createStatusBarItem('teamChat.doNotDisturb', vscode.StatusBarAlignment.Left, 99),
    );
    this.#item.name = vscode.l10n.t('Team Chat: Do Not Disturb');
    this.#item.command = Commands.toggleDoNotDisturb;
    this.#render();
  }

  get on(): boolean {
    return this.state.get<boolean>(STATE_KEY, false);
  }

  async set(on: boolean): Promise<void> {
    await this.state.update(STATE_KEY, on);
    this.#render();
    this.#onDidChange.fire(on);
  }

  toggle(): Promise<void> {
    return this.set(!this.on);
  }

  /** What the status bar shows (tests). */
  get statusText(): string {
    return this.#item.text;
  }

  #render(): void {
    if (this.on) {
      this.#item.text = vscode.l10n.t('$(bell-slash) Do Not Disturb');
      this.#item.tooltip = vscode.l10n.t('Team Chat: no message notifications. Click to turn notifications back on.');
    } else {
      this.#item.text = '$(bell)';
      this.#item.tooltip = vscode.l10n.t('Team Chat: message notifications are on. Click for Do Not Disturb.');
    }
    this.#item.show();
  }
}
