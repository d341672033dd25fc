/**
 * The token of an outgoing-webhook bot from its downloaded configuration (a zuliprc-like INI file
 * whose section for the bot has `token = …`, beside `email`, `key` and `site`). No `vscode` import.
 */

export interface BotToken {
  token: string;
  /** The bot's email when the section names it. */
  email?: string;
  section: string;
}

/** Every section with a `token`, in file order. Keys are case-insensitive; `=` or `:`. */
export function readBotTokens(text: string): BotToken[] {
  const found: BotToken[] = [];
  let section = '';
  let values = new Map<string, string>();
  const flush = (): void => {
    const token = values.get('token');
    if (token) found.push({ token, email: values.get('email'), section });
  };
  for (const raw of text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[([^\]]+)\]$/.exec(line);
    if (header) {
      flush();
      section = header[1].trim();
      values = new Map();
      continue;
    }
    const sep = line.search(/[=:]/);
    if (sep > 0) values.set(line.slice(0, sep).trim().toLowerCase(), line.slice(sep + 1).trim());
  }
  flush();
  return found;
}
