/** The one ownership pattern for classes that hold disposables (as in vscode-pull-request-github). */
import type * as vscode from 'vscode';

export abstract class Disposable implements vscode.Disposable {
  #disposables: vscode.Disposable[] = [];
  #disposed = false;

  /** Takes ownership of `value` (disposed with this object; at once if this one already is). */
  protected _register<T extends vscode.Disposable>(value: T): T {
    if (this.#disposed) value.dispose();
    else this.#disposables.push(value);
    return value;
  }

  protected get isDisposed(): boolean {
    return this.#disposed;
  }

  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    // Last registered first: later objects may depend on earlier ones.
    for (const d of this.#disposables.reverse()) d.dispose();
    this.#disposables = [];
  }
}
