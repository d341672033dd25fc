/**
 * The command kit: every command of the extension is a declaration registered here. A declaration
 * names its id (a `Commands` constant), whether it needs a session (the handler then gets it),
 * its progress (none, a cancellable notification, the window or a view), and what failed, for
 * the error notification. The kit owns the registration (in `services.disposables`), bridges the
 * progress's cancellation to `ctx.signal`, and reports failures through `reportError`.
 *
 * Arguments: commands run from a menu or the palette get nothing, a tree node (it has `kind`) or
 * a `Uri`: that is interactive use, and failures are shown. Tests and other commands pass a plain
 * object or a value: failures are then thrown to them (`scripted: 'throw'`, the default), or shown
 * with the command resolving to `failed` (`scripted: 'report'`, for commands whose callers read a
 * result rather than catch).
 *
 * Outcomes: a handler ends `done` (it returns), `cancelled` (a cancellation thrown or aborted:
 * nothing is shown) or `failed`: it throws, or, when its callers read a result (a status object)
 * rather than catch, it throws `failed(error, result)` from wherever it is and the kit shows the
 * error, interactive or not, and resolves to `result`. No command shows its own errors.
 */
import * as vscode from 'vscode';
import type { Commands } from '../constants';
import { isRecord } from '../guards';
import type { Services } from '../services';
import type { CurrentSession } from '../session/manager';
import { withProgress, type ProgressPlace, type ProgressReporter } from './progress';
import { reportError } from './report';
import { requireSession } from './session';

export type CommandId = (typeof Commands)[keyof typeof Commands];

/** How a command ended (see the module comment). */
export type CommandOutcome = 'done' | 'failed' | 'cancelled';

/** A failure the kit shows while the command still resolves to `result`: thrown by `failed`. */
export class CommandFailed<R = unknown> extends Error {
  override readonly name = 'CommandFailed';
  constructor(
    readonly error: unknown,
    readonly result: R,
    readonly failure?: string,
  ) {
    super(error instanceof Error ? error.message : String(error));
  }
}

/**
 * The `failed` outcome for commands whose callers read a result: `throw failed(error, result)`.
 * `error` may be a sentence written for the user (shown as is); `failure` says what did not
 * happen (default the declaration's).
 */
export function failed<R>(error: unknown, result: R, failure?: string): CommandFailed<R> {
  // A sentence is the whole text: no "<failure>: " before it.
  return typeof error === 'string'
    ? new CommandFailed(new Error(error), result, failure ?? '')
    : new CommandFailed(error, result, failure);
}

export interface CommandContext {
  readonly services: Services;
  /** Aborted when the user cancels the declared progress; never aborted without one. */
  readonly signal: AbortSignal;
  /** The declared progress (reports go nowhere without one). */
  readonly progress: ProgressReporter;
  /** False for scripted calls (a plain-object or value argument). */
  readonly interactive: boolean;
}

export interface SessionCommandContext extends CommandContext {
  readonly current: CurrentSession;
}

interface Common<R> {
  readonly id: CommandId;
  /** What did not happen, opening the error notification: "Could not mute the channel". */
  readonly failure: string;
  readonly progress?: { readonly place: ProgressPlace; readonly title?: string };
  readonly scripted?: 'throw' | 'report';
  /** What the command resolves to after a shown failure (default `undefined`). */
  readonly failed?: R;
}

// `run` is a method, so handlers may type the arguments they expect (method parameters are
// checked bivariantly); the kit passes through whatever VS Code or the caller gives.
export type CommandDeclaration<R = unknown> =
  | (Common<R> & { readonly session?: false; run(ctx: CommandContext, ...args: unknown[]): R | Promise<R> })
  | (Common<R> & { readonly session: true; run(ctx: SessionCommandContext, ...args: unknown[]): R | Promise<R> });

/**
 * Registers the commands through the shell's host (it forwards the manifest's); each registration belongs to
 * `services.disposables`.
 */
export function registerCommands(services: Services, declarations: readonly CommandDeclaration[]): void {
  for (const d of declarations) {
    services.disposables.add(
      services.host.registerCommand(d.id, (...args: unknown[]) => runCommand(services, d, args)),
    );
  }
}

/** Interactive: no argument, a tree node (`kind`) or a `Uri` (editor menus). */
export function isInteractive(args: readonly unknown[]): boolean {
  const first = args[0];
  return first === undefined || first instanceof vscode.Uri || (isRecord(first) && 'kind' in first);
}

const NEVER = new AbortController().signal;
const NO_PROGRESS: ProgressReporter = { report: () => undefined };

async function runCommand<R>(services: Services, d: CommandDeclaration<R>, args: unknown[]): Promise<R | undefined> {
  const interactive = isInteractive(args);
  try {
    const base = { services, interactive };
    const current = d.session ? requireSession(services) : undefined;
    const body = async (signal: AbortSignal, progress: ProgressReporter): Promise<R> =>
      d.session
        ? d.run({ ...base, signal, progress, current: current! }, ...args)
        : d.run({ ...base, signal, progress }, ...args);
    return await (d.progress ? withProgress(d.progress.place, d.progress.title, body) : body(NEVER, NO_PROGRESS));
  } catch (error) {
    const again = interactive ? () => vscode.commands.executeCommand(d.id, ...args) : undefined;
    if (error instanceof CommandFailed) {
      reportError(services.log, error.error, error.failure ?? d.failure, again);
      return (error as CommandFailed<R>).result;
    }
    if (!interactive && d.scripted !== 'report') throw error;
    reportError(services.log, error, d.failure, again);
    return d.failed;
  }
}
