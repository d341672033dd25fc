/**
 * `teamChat.startWebhookReceiver` / `teamChat.stopWebhookReceiver` (bot development, docs/API.md
 * operation 21). The bot's token comes from the arguments (tests), SecretStorage, an input box or
 * the bot's downloaded configuration file; it is stored only in SecretStorage, never logged.
 */
import * as vscode from 'vscode';
import { Commands } from '../../constants';
import type { Services } from '../../services';
import { registerCommands } from '../../ui/commands';
import { UserFacingError } from '../../ui/errorMessage';
import { readBotTokens } from '../../webhookReceiver/botConfig';
import { receiverSettings, WebhookReceiver, type ReceiverMode } from '../../webhookReceiver';
import { askText, pickOne } from '../../ui/quickInput';

/** SecretStorage key of the last bot token used. */
const TOKEN_SECRET = 'teamChat.webhookReceiver.token';

export interface StartReceiverArgs {
  token?: string;
  /** Overrides the `teamChat.webhookReceiver.port` setting. */
  port?: number;
  /** A fixed answer: a string replies with it, null answers with no response. */
  autoReply?: string | null;
  mode?: ReceiverMode;
}

export interface StartReceiverResult {
  url: string;
  port: number;
}

export function register(services: Services): WebhookReceiver {
  const receiver = new WebhookReceiver(services);
  services.disposables.add(receiver);
  registerCommands(services, [
    {
      id: Commands.startWebhookReceiver,
      failure: vscode.l10n.t('Could not start the webhook receiver'),
      run: (_, args?: StartReceiverArgs) => start(services, receiver, args),
    },
    {
      id: Commands.stopWebhookReceiver,
      failure: vscode.l10n.t('Could not stop the webhook receiver'),
      run: () => receiver.stop(),
    },
  ]);
  return receiver;
}

async function start(
  services: Services,
  receiver: WebhookReceiver,
  args: StartReceiverArgs | undefined,
): Promise<StartReceiverResult | undefined> {
  const scripted = args !== undefined && typeof args === 'object' && typeof args.token === 'string';
  if (receiver.running && !scripted) return runningMenu(receiver);
  const settings = receiverSettings();
  const port = args?.port ?? settings.port;
  const token = scripted ? args.token! : await obtainToken(services);
  if (!token) return undefined;
  try {
    const url = await receiver.start({ token, port, autoReply: args?.autoReply, mode: args?.mode ?? settings.mode });
    if (!scripted) {
      const copy = vscode.l10n.t('Copy URL');
      const show = vscode.l10n.t('Show Payloads');
      const choice = await vscode.window.showInformationMessage(
        vscode.l10n.t(
          "The outgoing webhook receiver is listening at {0}. Set it as the bot's endpoint URL; payloads appear " +
            'in "Team Chat Webhooks".',
          url,
        ),
        copy,
        show,
      );
      if (choice === copy) await vscode.env.clipboard.writeText(url);
      else if (choice === show) receiver.showLog();
    }
    return { url, port: receiver.port! };
  } catch (error) {
    if (scripted || (error as NodeJS.ErrnoException)?.code !== 'EADDRINUSE') throw error;
    throw new UserFacingError(
      vscode.l10n.t(
        'Port {0} is already in use. Choose another in the setting "teamChat.webhookReceiver.port" (0 picks a ' +
          'free one).',
        port,
      ),
    );
  }
}

async function runningMenu(receiver: WebhookReceiver): Promise<StartReceiverResult | undefined> {
  const url = receiver.url!;
  const choice = await pickOne(
    [
      { label: vscode.l10n.t('$(copy) Copy URL'), description: url, id: 'copy' },
      { label: vscode.l10n.t('$(output) Show Payloads'), id: 'log' },
      { label: vscode.l10n.t('$(debug-stop) Stop Receiver'), id: 'stop' },
    ],
    { title: vscode.l10n.t('Outgoing webhook receiver at {0}', url) },
  );
  if (choice?.id === 'copy') await vscode.env.clipboard.writeText(url);
  else if (choice?.id === 'log') receiver.showLog();
  else if (choice?.id === 'stop') await receiver.stop();
  return receiver.running ? { url, port: receiver.port! } : undefined;
}

/** Asks where the token comes from; a new one is kept in SecretStorage. */
async function obtainToken(services: Services): Promise<string | undefined> {
  const secrets = services.context.secrets;
  const saved = await secrets.get(TOKEN_SECRET);
  const items = [
    ...(saved ? [{ label: vscode.l10n.t('$(key) Use the Saved Bot Token'), id: 'saved' }] : []),
    {
      label: vscode.l10n.t('$(edit) Enter the Bot’s Token…'),
      description: vscode.l10n.t('from the bot’s settings'),
      id: 'enter',
    },
    {
      label: vscode.l10n.t('$(file) Read It from the Bot’s Configuration File…'),
      description: vscode.l10n.t('zuliprc with token = …'),
      id: 'file',
    },
  ];
  const choice = await pickOne(items, {
    title: vscode.l10n.t('Outgoing webhook bot token'),
    placeHolder: vscode.l10n.t('The receiver accepts only payloads carrying this token'),
  });
  let token: string | undefined;
  if (choice?.id === 'saved') return saved;
  if (choice?.id === 'enter') {
    token = await askText({
      title: vscode.l10n.t('Outgoing webhook bot token'),
      prompt: vscode.l10n.t('The token of the outgoing webhook bot (kept in VS Code’s secret storage).'),
      password: true,
      ignoreFocusOut: true,
      validateInput: (v) => (v.trim() === '' ? vscode.l10n.t('Enter the token.') : undefined),
    });
  } else if (choice?.id === 'file') {
    token = await tokenFromFile();
  }
  token = token?.trim();
  if (!token) return undefined;
  await secrets.store(TOKEN_SECRET, token);
  return token;
}

async function tokenFromFile(): Promise<string | undefined> {
  const files = await vscode.window.showOpenDialog({
    title: vscode.l10n.t('The bot’s configuration file'),
    canSelectMany: false,
    openLabel: vscode.l10n.t('Use Token'),
  });
  if (!files?.[0]) return undefined;
  const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(files[0]));
  const tokens = readBotTokens(text);
  if (tokens.length === 0) {
    throw new UserFacingError(
      vscode.l10n.t(
        'That file has no "token = …" line. Download the outgoing webhook bot’s configuration from its settings.',
      ),
    );
  }
  if (tokens.length === 1) return tokens[0].token;
  const picked = await pickOne(
    tokens.map((t) => ({ label: t.section, description: t.email, token: t.token })),
    { placeHolder: vscode.l10n.t('Which bot?') },
  );
  return picked?.token;
}
