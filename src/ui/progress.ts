/** Progress with cancellation: the one place a `CancellationToken` becomes an `AbortSignal`. */
import * as vscode from 'vscode';

/** Where progress shows: a cancellable notification, the status bar (window), or a view's bar. */
export type ProgressPlace = 'notification' | 'window' | { readonly viewId: string };

export type ProgressReporter = vscode.Progress<{ message?: string; increment?: number }>;

/** An `AbortSignal` that aborts when `token` is cancelled (already, or later). */
export function abortSignalOf(token: vscode.CancellationToken): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  if (token.isCancellationRequested) controller.abort();
  const sub = token.onCancellationRequested(() => controller.abort());
  return { signal: controller.signal, dispose: () => sub.dispose() };
}

/** Runs `work` under progress; only notifications can be cancelled (VS Code shows no button elsewhere). */
export function withProgress<T>(
  place: ProgressPlace,
  title: string | undefined,
  work: (signal: AbortSignal, progress: ProgressReporter) => Promise<T>,
): Promise<T> {
  const location =
    place === 'notification'
      ? vscode.ProgressLocation.Notification
      : place === 'window'
        ? vscode.ProgressLocation.Window
        : place;
  return Promise.resolve(
    vscode.window.withProgress({ location, title, cancellable: place === 'notification' }, (progress, token) => {
      const bridge = abortSignalOf(token);
      return work(bridge.signal, progress).finally(() => bridge.dispose());
    }),
  );
}

/** The usual case: an API call under a cancellable notification titled `title`. */
export function withNotification<T>(
  title: string,
  work: (signal: AbortSignal, progress: ProgressReporter) => Promise<T>,
): Promise<T> {
  return withProgress('notification', title, work);
}
