/**
 * The assistant: Team Chat's language-model tools (`teamchat_*`) and the `@teamchat` chat
 * participant. Only this small module loads with the core: it registers the tools and the
 * participant, and keeps the `teamChat.aiEnabled` context key (the contributions' `when`) true
 * only while `teamChat.ai.enabled` is on and the user's `hide_ai_features` setting is off. The
 * tools' code (./tools, ./sources, ./format) and the participant's (./participant) load when a
 * tool or the participant is first invoked.
 */
import * as vscode from 'vscode';
import { Assistant, ContextKeys, Settings } from '../constants';
import type { Services } from '../services';
import type { TopicViews } from '../webviews/topicView/manager';

/** Why the assistant is off, or undefined when it is on. */
export type OffReason = 'setting' | 'hideAiFeatures' | undefined;

/** What the lazily loaded parts receive. */
export interface AssistantContext {
  readonly services: Services;
  readonly topicViews: TopicViews;
  offReason(): OffReason;
}

/** What the core's API exposes (tests drive the participant's handler with a scripted model). */
export interface AssistantApi {
  offReason(): OffReason;
  readonly handle: vscode.ChatRequestHandler;
}

type Input = Record<string, unknown>;

const asInput = (value: unknown): Input => (typeof value === 'object' && value !== null ? (value as Input) : {});

export function register(services: Services, topicViews: TopicViews): AssistantApi {
  const offReason = (): OffReason => {
    if (!vscode.workspace.getConfiguration().get<boolean>(Settings.aiEnabled, true)) return 'setting';
    return services.sessions.current?.store.userSettings.hide_ai_features === true ? 'hideAiFeatures' : undefined;
  };
  const ctx: AssistantContext = { services, topicViews, offReason };
  const disposables = services.disposables;

  let shown: boolean | undefined;
  const updateContext = (): void => {
    const on = offReason() === undefined;
    if (on === shown) return;
    shown = on;
    void Promise.resolve(vscode.commands.executeCommand('setContext', ContextKeys.aiEnabled, on)).catch(
      () => undefined,
    );
  };
  disposables.add(
    vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration(Settings.aiEnabled) && updateContext()),
  );
  disposables.add(services.sessions.onDidChange(updateContext));
  disposables.add(services.sessions.onDidChangeStore(updateContext));
  updateContext();

  const tools = () => import('./tools');
  // Hosts without the language-model API (older or trimmed builds) get neither part.
  if (typeof vscode.lm?.registerTool === 'function') {
    for (const name of Object.values(Assistant.tools)) {
      disposables.add(
        vscode.lm.registerTool<Input>(name, {
          prepareInvocation: async (options) => ({
            invocationMessage: (await tools()).describeInvocation(name, asInput(options.input)),
          }),
          invoke: async (options, token) => {
            const text = await (await tools()).runTool(ctx, name, asInput(options.input), token);
            return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(text)]);
          },
        }),
      );
    }
  }
  const handle: vscode.ChatRequestHandler = async (request, context, stream, token) =>
    (await import('./participant')).handle(ctx, request, context, stream, token);
  if (typeof vscode.chat?.createChatParticipant === 'function') {
    const participant = vscode.chat.createChatParticipant(Assistant.participant, handle);
    participant.iconPath = new vscode.ThemeIcon('comment-discussion');
    participant.followupProvider = {
      provideFollowups: async (result) => (await import('./participant')).followups(result),
    };
    disposables.add(participant);
  }
  return { offReason, handle };
}
