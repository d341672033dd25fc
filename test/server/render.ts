import katex from 'katex';
import { renderCodeBlock } from './highlight';
import { Linkifier } from './types';

/** What rendering found besides the HTML: drives flags, permissions and webhooks. */
export interface Rendered {
  html: string;
  mentionedUserIds: Set<number>;
  streamWildcard: boolean;
  topicWildcard: boolean;
  uploadPathIds: string[];
  isMe: boolean;
}

export interface RenderContext {
  userByName(name: string, id?: number): { id: number; fullName: string } | undefined;
  streamByName(name: string): { id: number; name: string } | undefined;
  linkifiers: Linkifier[];
  /** `:name:`: a unicode emoji's code points, or a custom emoji's image URL (as the server stores it). */
  emojiByName?(name: string): { code: string } | { url: string } | undefined;
}

export function escapeHtml(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const STREAM_WILDCARDS = new Set(['all', 'everyone', 'channel', 'stream']);

/** `(?P<name>` is the service's (Python) syntax for named groups. */
export function compilePattern(pattern: string, flags = 'g'): RegExp {
  return new RegExp(pattern.replace(/\(\?P</g, '(?<'), flags);
}

export function expandTemplate(template: string, groups: Record<string, string | undefined>): string {
  return template.replace(/\{([A-Za-z0-9_]+)\}/g, (_, k: string) => encodeURIComponent(groups[k] ?? ''));
}

function safeUrl(url: string): string | null {
  return /^(https?:\/\/|mailto:|\/)/i.test(url) ? url : null;
}

/** Render the Markdown subset this server supports, as the real server renders it; everything else is escaped. */
export function renderMarkdown(raw: string, ctx: RenderContext): Rendered {
  const out: Rendered = {
    html: '',
    mentionedUserIds: new Set(),
    streamWildcard: false,
    topicWildcard: false,
    uploadPathIds: [],
    isMe: false,
  };
  out.isMe = /^\/me( |$)/.test(raw);
  out.html = renderBlocks(raw.replace(/\r\n/g, '\n').split('\n'), ctx, out);
  return out;
}

const LIST_ITEM = /^\s{0,3}(?:([-*+])|(\d{1,9})[.)])\s+(.*)$/;

/** KaTeX HTML with MathML, as the server renders `$$tex$$` and ```` ```math ```` blocks. */
export function renderTex(tex: string, displayMode: boolean): string {
  try {
    return katex.renderToString(tex, {
      displayMode,
      throwOnError: true,
      output: 'htmlAndMathml',
      maxSize: 100,
      maxExpand: 1000,
    });
  } catch {
    return `<span class="tex-error">${escapeHtml(displayMode ? tex : `$$${tex}$$`)}</span>`;
  }
}

function renderBlocks(lines: string[], ctx: RenderContext, out: Rendered): string {
  const blocks: string[] = [];
  let para: string[] = [];
  const flush = (): void => {
    if (para.length) blocks.push(`<p>${para.map((l) => inline(l, ctx, out)).join('<br>\n')}</p>`);
    para = [];
    // Uploaded images linked in the paragraph are previewed after it.
    blocks.push(...(imagePreviews.get(out) ?? []));
    imagePreviews.delete(out);
  };
  for (let i = 0; i < lines.length; i++) {
    const fence = /^\s*(```|~~~)\s*([\w+-]*)(?:\s+(.*?))?\s*$/.exec(lines[i]);
    if (fence) {
      flush();
      const body: string[] = [];
      i++;
      while (i < lines.length && lines[i].trim() !== fence[1]) body.push(lines[i++]);
      const lang = fence[2].toLowerCase();
      if (lang === 'spoiler') {
        const header = fence[3] ? `\n${renderBlocks([fence[3]], ctx, out)}\n` : '';
        blocks.push(
          `<div class="spoiler-block"><div class="spoiler-header">${header}</div><div class="spoiler-content" aria-hidden="true">\n${renderBlocks(body, ctx, out)}\n</div></div>`,
        );
      } else if (lang === 'math' || lang === 'tex' || lang === 'latex') {
        blocks.push(`<p>${renderTex(body.join('\n'), true)}</p>`);
      } else if (lang === 'quote') {
        blocks.push(`<blockquote>\n${renderBlocks(body, ctx, out)}\n</blockquote>`);
      } else {
        blocks.push(renderCodeBlock(body.join('\n'), fence[2]));
      }
      continue;
    }
    if (/^\s{0,3}>/.test(lines[i])) {
      flush();
      const quoted: string[] = [];
      for (; i < lines.length && /^\s{0,3}>/.test(lines[i]); i++) quoted.push(lines[i].replace(/^\s{0,3}> ?/, ''));
      i--;
      blocks.push(`<blockquote>\n${renderBlocks(quoted, ctx, out)}\n</blockquote>`);
      continue;
    }
    const item = LIST_ITEM.exec(lines[i]);
    if (item) {
      flush();
      const ordered = item[2] !== undefined;
      const items: string[] = [];
      for (
        let m: RegExpExecArray | null = item;
        i < lines.length && m && (m[2] !== undefined) === ordered;
        m = LIST_ITEM.exec(lines[++i] ?? '')
      ) {
        items.push(`<li>${inline(m[3], ctx, out)}</li>`);
      }
      i--;
      const start = ordered && Number(item[2]) !== 1 ? ` start="${Number(item[2])}"` : '';
      blocks.push(ordered ? `<ol${start}>\n${items.join('\n')}\n</ol>` : `<ul>\n${items.join('\n')}\n</ul>`);
      continue;
    }
    if (lines[i].trim() === '') flush();
    else para.push(lines[i]);
  }
  flush();
  return blocks.join('\n');
}

/** The emoji span or image for `:name:`, as the server writes it; undefined for an unknown name. */
export function emojiHtml(name: string, ctx: RenderContext): string | undefined {
  const found = ctx.emojiByName?.(name);
  if (!found) return undefined;
  const title = escapeHtml(name.replace(/_/g, ' '));
  if ('url' in found)
    return `<img alt=":${escapeHtml(name)}:" class="emoji" src="${escapeHtml(found.url)}" title="${title}">`;
  return `<span aria-label="${title}" class="emoji emoji-${escapeHtml(found.code)}" role="img" title="${title}">:${escapeHtml(name)}:</span>`;
}

/** Previews of the images a paragraph links to, written after it. */
const imagePreviews = new WeakMap<Rendered, string[]>();

function decodePathId(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

const IMAGE_FILE = /\.(?:png|jpe?g|gif|webp|bmp)$/i;

function inline(text: string, ctx: RenderContext, out: Rendered): string {
  const holes: string[] = [];
  const hole = (html: string): string => `\u0000${holes.push(html) - 1}\u0000`;
  const link = (url: string, label: string): string => {
    const m = /^(?:https?:\/\/[^/]+)?\/user_uploads\/(.+)$/.exec(url);
    // The URL quotes the file name; path IDs hold it as stored.
    if (m) out.uploadPathIds.push(decodePathId(m[1]));
    const safe = safeUrl(url);
    if (m && safe && IMAGE_FILE.test(m[1])) {
      const previews = imagePreviews.get(out) ?? [];
      previews.push(
        `<div class="message_inline_image"><a href="${escapeHtml(safe)}" title="${label}"><img src="${escapeHtml(safe)}"></a></div>`,
      );
      imagePreviews.set(out, previews);
    }
    return safe ? `<a href="${escapeHtml(safe)}">${label}</a>` : escapeHtml(label);
  };
  let s = text.replace(/`([^`\n]+)`/g, (_, code: string) => hole(`<code>${escapeHtml(code)}</code>`));
  s = s.replace(/\$\$([^$\n]+)\$\$/g, (_, tex: string) => hole(renderTex(tex, false)));
  s = s.replace(/<time:([^>\n]+)>/g, (whole: string, when: string) => {
    const date = new Date(/^\d+$/.test(when) ? Number(when) * 1000 : when);
    if (Number.isNaN(date.getTime()))
      return hole(`<span class="timestamp-error">Invalid time format: ${escapeHtml(when)}</span>`);
    return hole(`<time datetime="${date.toISOString().replace(/\.000Z$/, 'Z')}">${escapeHtml(when)}</time>`);
  });
  s = s.replace(/\[([^\]\n]+)\]\(([^)\s]+)\)/g, (_, label: string, url: string) => hole(link(url, escapeHtml(label))));
  s = s.replace(/(@_?)\*\*([^*\n|]+)(?:\|(\d+))?\*\*/g, (whole: string, at: string, name: string, id?: string) => {
    const silent = at === '@_';
    if (!id && STREAM_WILDCARDS.has(name)) {
      if (!silent) out.streamWildcard = true;
      return hole(
        `<span class="user-mention channel-wildcard-mention${silent ? ' silent' : ''}" data-user-id="*">@${escapeHtml(name)}</span>`,
      );
    }
    if (!id && name === 'topic') {
      if (!silent) out.topicWildcard = true;
      return hole(`<span class="topic-mention${silent ? ' silent' : ''}">@topic</span>`);
    }
    const u = ctx.userByName(name, id ? Number(id) : undefined);
    if (!u) return whole;
    if (!silent) out.mentionedUserIds.add(u.id);
    return hole(
      `<span class="user-mention${silent ? ' silent' : ''}" data-user-id="${u.id}">@${escapeHtml(u.fullName)}</span>`,
    );
  });
  s = s.replace(/#\*\*([^*\n>]+)(?:>([^*\n]*))?\*\*/g, (whole: string, name: string, topic?: string) => {
    const st = ctx.streamByName(name);
    if (!st) return whole;
    const base = `/#narrow/channel/${st.id}-${encodeURIComponent(st.name)}`;
    if (topic === undefined) {
      return hole(`<a class="stream" data-stream-id="${st.id}" href="${escapeHtml(base)}">#${escapeHtml(st.name)}</a>`);
    }
    return hole(
      `<a class="stream-topic" data-stream-id="${st.id}" href="${escapeHtml(`${base}/topic/${encodeURIComponent(topic)}`)}">#${escapeHtml(st.name)} &gt; ${escapeHtml(topic)}</a>`,
    );
  });
  s = s.replace(/(?<![\w"/])(https?:\/\/[^\s<>()\u0000]+[^\s<>()\u0000.,;:!?'"])/g, (url: string) =>
    hole(link(url, escapeHtml(url))),
  );
  for (const lf of ctx.linkifiers) {
    let re: RegExp;
    try {
      re = compilePattern(lf.pattern);
    } catch {
      continue;
    }
    s = splitHoles(s)
      .map((part) =>
        part.startsWith('\u0000')
          ? part
          : part.replace(re, (...args: unknown[]) => {
              const match = args[0] as string;
              const groups = (typeof args[args.length - 1] === 'object' ? args[args.length - 1] : {}) as Record<
                string,
                string
              >;
              return hole(`<a href="${escapeHtml(expandTemplate(lf.url_template, groups))}">${escapeHtml(match)}</a>`);
            }),
      )
      .join('');
  }
  s = s.replace(/:([A-Za-z0-9_+-]+):/g, (whole: string, name: string) => {
    const html = emojiHtml(name, ctx);
    return html === undefined ? whole : hole(html);
  });
  s = escapeHtml(s);
  s = s
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/(?<![*\w])\*([^*\s][^*]*)\*(?![*\w])/g, '<em>$1</em>');
  // Holes nest (a link's label may hold code): fill them until none is left.
  const fill = (html: string): string => html.replace(/\u0000(\d+)\u0000/g, (_, i: string) => fill(holes[Number(i)]));
  return fill(s);
}

function splitHoles(s: string): string[] {
  return s.split(/(\u0000\d+\u0000)/).filter((p) => p !== '');
}

/** Compiled linkifier patterns for `topicLinks` (null: invalid). */
const topicPatterns = new Map<string, RegExp | null>();

function topicPattern(pattern: string): RegExp | null {
  let re = topicPatterns.get(pattern);
  if (re === undefined) {
    try {
      re = compilePattern(pattern);
    } catch {
      re = null;
    }
    if (topicPatterns.size >= 256) topicPatterns.clear();
    topicPatterns.set(pattern, re);
  }
  return re;
}

/** Links the linkifiers generate for a topic name. */
export function topicLinks(topic: string, linkifiers: Linkifier[]): { text: string; url: string }[] {
  const links: { text: string; url: string }[] = [];
  for (const lf of linkifiers) {
    const re = topicPattern(lf.pattern);
    if (!re) continue;
    for (const m of execAll(re, topic))
      links.push({ text: m[0], url: expandTemplate(lf.url_template, m.groups ?? {}) });
  }
  for (const m of execAll(TOPIC_URL, topic)) links.push({ text: m[0], url: m[0] });
  return links;
}

const TOPIC_URL = /https?:\/\/[^\s]+/g;

/**
 * `text.matchAll(re)` for a global, non-unicode `re` that is shared between calls: `matchAll`
 * would compile a clone of it every time.
 */
function execAll(re: RegExp, text: string): RegExpExecArray[] {
  const out: RegExpExecArray[] = [];
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    out.push(m);
    if (m[0] === '') re.lastIndex++;
  }
  return out;
}

/** Wrap case-insensitive occurrences of the search words in highlight spans (on escaped text). */
export function highlight(html: string, words: string[]): string {
  if (!words.length) return html;
  const re = new RegExp(`(${words.map((w) => escapeHtml(w).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`, 'gi');
  return html
    .split(/(<[^>]*>)/)
    .map((part) => (part.startsWith('<') ? part : part.replace(re, '<span class="highlight">$1</span>')))
    .join('');
}
