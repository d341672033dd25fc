import * as l10n from '@vscode/l10n';
/**
 * Reads a `zuliprc` file (the INI file a chat server offers for download): the `[api]` section's
 * `email`, `key` and `site`. No `vscode` import, so plain-Node tests run it.
 */

export interface Zuliprc {
  email: string;
  apiKey: string;
  /** The server URL; `https://` added when the file gives none. */
  site: string;
}

/** The file could not be used; `message` is for the user and never contains the key. */
export class ZuliprcError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZuliprcError';
  }
}

/**
 * Parses zuliprc text like Python's configparser does for these files: `key = value` or
 * `key: value`, case-insensitive keys, full-line `#`/`;` comments, any line endings.
 */
export function parseZuliprc(text: string): Zuliprc {
  const sections = new Map<string, Map<string, string>>();
  let current: Map<string, string> | undefined;
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[([^\]]+)\]$/.exec(line);
    if (header) {
      const name = header[1].trim().toLowerCase();
      current = sections.get(name) ?? new Map();
      sections.set(name, current);
      continue;
    }
    const sep = line.search(/[=:]/);
    if (sep <= 0) throw new ZuliprcError(l10n.t('Line {0} of the zuliprc file is not "name = value".', index + 1));
    if (!current)
      throw new ZuliprcError(
        l10n.t('The zuliprc file has settings before any [section] header; expected an [api] section.'),
      );
    current.set(line.slice(0, sep).trim().toLowerCase(), line.slice(sep + 1).trim());
  }
  const api = sections.get('api');
  if (!api) throw new ZuliprcError(l10n.t('The zuliprc file has no [api] section.'));
  const missing = ['email', 'key', 'site'].filter((k) => !api.get(k));
  if (missing.length > 0) {
    throw new ZuliprcError(
      l10n.t("The zuliprc file's [api] section lacks {0}.", missing.map((k) => `"${k}"`).join(', ')),
    );
  }
  const site = api.get('site')!;
  return {
    email: api.get('email')!,
    apiKey: api.get('key')!,
    site: /^[a-z][a-z0-9+.-]*:\/\//i.test(site) ? site : `https://${site}`,
  };
}
