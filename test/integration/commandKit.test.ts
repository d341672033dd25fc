// The command kit (src/ui/commands.ts) in a real extension host: every command that needs a
// session says "Sign in to Team Chat first." (with a Sign In button) when there is none, scripted
// callers get that refusal thrown, cancellation is silent, and the progress's CancellationToken
// reaches the handler as an AbortSignal.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { ApiError } from '../../src/api';
import { Commands } from '../../src/constants';
import type { TeamChatApi } from '../../src/extension';
import type { Services } from '../../src/services';
import { failed, registerCommands, type CommandId } from '../../src/ui/commands';
import type { ErrorMessage } from '../../src/ui/errorMessage';
import { abortSignalOf } from '../../src/ui/progress';
import { showQuickInput } from '../../src/ui/quickInput';
import { onDidReportError } from '../../src/ui/report';
import { freshStart } from './helpers';

/** What `run` reported through `event` while it ran (reports fire synchronously). */
async function reportsDuring(
  event: vscode.Event<ErrorMessage>,
  run: () => Thenable<unknown>,
): Promise<{ result: unknown; reports: ErrorMessage[] }> {
  const reports: ErrorMessage[] = [];
  const sub = event((m) => reports.push(m));
  try {
    const result = await run();
    return { result, reports };
  } finally {
    sub.dispose();
  }
}

describe('command kit', () => {
  let api: TeamChatApi;

  before(async function () {
    this.timeout(30_000);
    api = await freshStart();
  });

  after(async () => {
    await vscode.commands.executeCommand('notifications.clearAll');
  });

  describe('without a session', () => {
    // One command of each family that needs a session (run from the palette: no argument).
    const needSession = [
      Commands.channelMute,
      Commands.topicMarkRead,
      Commands.insertSnippet,
      Commands.createReminder,
      Commands.listReminders,
      Commands.openTopic,
      Commands.openSettings,
      Commands.setStatus,
      Commands.showProfile,
      Commands.addLinkifier,
      Commands.shareSelection,
      Commands.refreshPeople,
    ];

    for (const id of needSession) {
      it(`${id} shows the one "sign in first" warning with a Sign In button`, async () => {
        assert.equal(api.services.accounts.active, undefined);
        const { result, reports } = await reportsDuring(api.onDidReportError, () => vscode.commands.executeCommand(id));
        assert.equal(result, undefined);
        assert.deepEqual(
          reports.map((r) => ({ text: r.text, severity: r.severity, actions: r.actions })),
          [{ text: 'Sign in to Team Chat first.', severity: 'warning', actions: ['signIn'] }],
        );
      });
    }

    it('a scripted caller gets the same refusal thrown, and nothing is shown', async () => {
      const { reports } = await reportsDuring(api.onDidReportError, () =>
        assert.rejects(
          Promise.resolve(vscode.commands.executeCommand(Commands.channelMute, { streamId: 1 })),
          (e: Error) => e.message === 'Sign in to Team Chat first.',
        ),
      );
      assert.deepEqual(reports, []);
    });
  });

  describe('declarations registered by the test', () => {
    const registered: vscode.Disposable[] = [];
    let services: Services;
    const id = (name: string) => `teamChat.test.kit.${name}` as CommandId;

    before(() => {
      // The real services, but registrations owned by the test, so they can be removed after it.
      services = {
        ...api.services,
        context: { ...api.services.context, subscriptions: registered } as unknown as vscode.ExtensionContext,
      };
      registerCommands(services, [
        {
          id: id('abort'),
          failure: 'Could not run the test command',
          run: () => Promise.reject(new DOMException('The operation was aborted.', 'AbortError')),
        },
        {
          id: id('canceled'),
          failure: 'Could not run the test command',
          run: () => Promise.reject(new vscode.CancellationError()),
        },
        {
          id: id('fails'),
          failure: 'Could not run the test command',
          failed: false,
          run: () => Promise.reject(new ApiError('BAD_REQUEST', 'Invalid channel ID', 400, 'GET /x')),
        },
        {
          id: id('outcome'),
          failure: 'Could not run the test command',
          // Thrown from below the handler: the kit shows it and resolves to the result, scripted or not.
          run: async () => {
            const deep = (): never => {
              throw failed(new ApiError('BAD_REQUEST', 'Invalid channel ID', 400, 'GET /x'), { status: 'failed' });
            };
            await Promise.resolve();
            return deep();
          },
        },
        {
          id: id('sentence'),
          failure: 'Could not run the test command',
          run: () => {
            throw failed('The edit is empty.', { status: 'refused' });
          },
        },
        {
          id: id('reported'),
          failure: 'Could not run the test command',
          scripted: 'report',
          failed: 'failed',
          run: () => Promise.reject(new ApiError('BAD_REQUEST', 'Invalid channel ID', 400, 'GET /x')),
        },
        {
          id: id('progress'),
          failure: 'Could not run the test command',
          progress: { place: 'window', title: 'Testing' },
          run: ({ signal, interactive }) => ({ aborted: signal.aborted, interactive }),
        },
      ]);
    });

    after(() => {
      for (const d of registered.splice(0)) d.dispose();
    });

    it('cancellation (AbortError, CancellationError) is silent: nothing shown, the command resolves to undefined', async () => {
      for (const name of ['abort', 'canceled']) {
        const { result, reports } = await reportsDuring(onDidReportError, () =>
          vscode.commands.executeCommand(id(name)),
        );
        assert.equal(result, undefined, name);
        assert.deepEqual(reports, [], name);
      }
    });

    it('a failure in interactive use is shown as "<failure>: <reason>" with Retry and Show Log; the command resolves to `failed`', async () => {
      const { result, reports } = await reportsDuring(onDidReportError, () =>
        vscode.commands.executeCommand(id('fails')),
      );
      assert.equal(result, false);
      assert.deepEqual(
        reports.map((r) => ({ text: r.text, severity: r.severity, actions: r.actions })),
        [
          {
            text: 'Could not run the test command: Invalid channel ID',
            severity: 'error',
            actions: ['retry', 'showLog'],
          },
        ],
      );
    });

    it('scripted callers get the failure thrown (default), or shown with `failed` (scripted: report)', async () => {
      const thrown = await reportsDuring(onDidReportError, () =>
        assert.rejects(
          Promise.resolve(vscode.commands.executeCommand(id('fails'), { streamId: 1 })),
          (e: unknown) => e instanceof Error && e.message === 'Invalid channel ID',
        ),
      );
      assert.deepEqual(thrown.reports, []);
      const shown = await reportsDuring(onDidReportError, () =>
        vscode.commands.executeCommand(id('reported'), { streamId: 1 }),
      );
      assert.equal(shown.result, 'failed');
      assert.deepEqual(
        shown.reports.map((r) => r.text),
        ['Could not run the test command: Invalid channel ID'],
      );
      // No Retry for a scripted call: the caller decides.
      assert.deepEqual(shown.reports[0].actions, ['showLog']);
    });

    it('the failed outcome: shown (scripted callers too), the command resolves to its result', async () => {
      const scripted = await reportsDuring(onDidReportError, () =>
        vscode.commands.executeCommand(id('outcome'), { streamId: 1 }),
      );
      assert.deepEqual(scripted.result, { status: 'failed' });
      assert.deepEqual(
        scripted.reports.map((r) => ({ text: r.text, severity: r.severity, actions: r.actions })),
        [{ text: 'Could not run the test command: Invalid channel ID', severity: 'error', actions: ['showLog'] }],
      );
      const interactive = await reportsDuring(onDidReportError, () => vscode.commands.executeCommand(id('outcome')));
      assert.deepEqual(interactive.result, { status: 'failed' });
      assert.deepEqual(interactive.reports[0].actions, ['retry', 'showLog']);
      // A sentence written for the user is the whole text.
      const sentence = await reportsDuring(onDidReportError, () =>
        vscode.commands.executeCommand(id('sentence'), { streamId: 1 }),
      );
      assert.deepEqual(sentence.result, { status: 'refused' });
      assert.deepEqual(
        sentence.reports.map((r) => r.text),
        ['The edit is empty.'],
      );
    });

    it('the handler gets an unaborted signal under progress, and knows whether it was scripted', async () => {
      assert.deepEqual(await vscode.commands.executeCommand(id('progress')), { aborted: false, interactive: true });
      assert.deepEqual(await vscode.commands.executeCommand(id('progress'), { streamId: 1 }), {
        aborted: false,
        interactive: false,
      });
      assert.deepEqual(await vscode.commands.executeCommand(id('progress'), { kind: 'channel', streamId: 1 }), {
        aborted: false,
        interactive: true,
      });
    });
  });

  describe('showQuickInput', () => {
    it('settles once with the value the flow gives; the flow signal stays unaborted', async () => {
      let signal: AbortSignal | undefined;
      const value = await showQuickInput<string>({
        kind: 'input',
        setup(box, flow) {
          signal = flow.signal;
          box.value = 'typed';
          setTimeout(() => {
            flow.done(box.value);
            flow.done('again');
          }, 10);
        },
      });
      assert.equal(value, 'typed');
      assert.equal(signal?.aborted, false);
    });

    it("closes when the caller's signal aborts: undefined, its own signal aborted, timers and subscriptions released", async () => {
      const caller = new AbortController();
      let ticks = 0;
      let released = false;
      let signal: AbortSignal | undefined;
      const shown = showQuickInput<string>({
        kind: 'pick',
        signal: caller.signal,
        setup(_pick, flow) {
          signal = flow.signal;
          flow.own({ dispose: () => (released = true) });
          flow.everySecond(() => ticks++);
        },
      });
      assert.equal(ticks, 1, 'everySecond calls at once');
      caller.abort();
      assert.equal(await shown, undefined);
      assert.equal(signal?.aborted, true);
      assert.equal(released, true);
      const after = ticks;
      await new Promise((r) => setTimeout(r, 2500));
      assert.equal(ticks, after, 'no tick after the flow settled');
    });

    it('busy: the widget is busy and disabled while the work runs, and enabled again after', async () => {
      const states: Array<[boolean, boolean]> = [];
      const value = await showQuickInput<string>({
        kind: 'input',
        setup(box, flow) {
          void (async () => {
            await flow.busy(async () => {
              states.push([box.busy, box.enabled]);
            });
            states.push([box.busy, box.enabled]);
            flow.done('ok');
          })();
        },
      });
      assert.equal(value, 'ok');
      assert.deepEqual(states, [
        [true, false],
        [false, true],
      ]);
    });
  });

  it('the one bridge: a cancelled CancellationToken aborts the AbortSignal (also when cancelled before)', () => {
    const source = new vscode.CancellationTokenSource();
    const bridge = abortSignalOf(source.token);
    assert.equal(bridge.signal.aborted, false);
    source.cancel();
    assert.equal(bridge.signal.aborted, true);
    bridge.dispose();
    const early = abortSignalOf(source.token);
    assert.equal(early.signal.aborted, true);
    early.dispose();
    source.dispose();
  });
});
