/**
 * Channel colours as tree icons. A ThemeIcon only takes theme colours, so each channel colour
 * gets a small generated SVG file (a filled rounded square; faded for muted channels) under the
 * extension's global storage. Files are written once per colour and reused: icon lookups are
 * O(1) after the first use of a colour.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';

const HEX = /^#(?:[0-9a-fA-F]{3}){1,2}$/;

export class ChannelColorIcons {
  readonly #dir: string;
  readonly #cache = new Map<string, vscode.Uri>();
  #dirReady = false;

  constructor(storage: vscode.Uri) {
    this.#dir = path.join(storage.fsPath, 'channel-colors');
  }

  /** The icon of a channel colour (`#rrggbb`); unknown or malformed colours get a grey one. */
  icon(color: string | undefined, muted: boolean): vscode.Uri {
    const hex = color && HEX.test(color) ? color.toLowerCase() : '#888888';
    const key = `${hex.slice(1)}${muted ? '-muted' : ''}`;
    let uri = this.#cache.get(key);
    if (!uri) {
      const file = path.join(this.#dir, `${key}.svg`);
      if (!this.#dirReady) {
        fs.mkdirSync(this.#dir, { recursive: true });
        this.#dirReady = true;
      }
      if (!fs.existsSync(file)) fs.writeFileSync(file, svg(hex, muted));
      uri = vscode.Uri.file(file);
      this.#cache.set(key, uri);
    }
    return uri;
  }
}

function svg(hex: string, muted: boolean): string {
  const opacity = muted ? '0.35' : '1';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16">` +
    `<rect x="2.5" y="2.5" width="11" height="11" rx="3" fill="${hex}" fill-opacity="${opacity}"/>` +
    (muted ? `<path d="M3 13L13 3" stroke="${hex}" stroke-width="1.5" stroke-linecap="round"/>` : '') +
    `</svg>`
  );
}

/** A colour from the user: `#rgb` or `#rrggbb` (normalised to `#rrggbb`), else undefined. */
export function normalizeColor(input: string): string | undefined {
  const s = input.trim();
  const v = s.startsWith('#') ? s : `#${s}`;
  if (!HEX.test(v)) return undefined;
  if (v.length === 4) return `#${v[1]}${v[1]}${v[2]}${v[2]}${v[3]}${v[3]}`.toLowerCase();
  return v.toLowerCase();
}
