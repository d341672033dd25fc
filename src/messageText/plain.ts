/** Rendered message HTML as plain text: blocks on their own lines, inline parts as they read. */
import { textContent, type HtmlElement, type HtmlNode } from './html';
import { atomText, BLOCKS, isHidden } from './parts';

interface Piece {
  readonly text: string;
  /** Code: its spaces are kept as written. */
  readonly keep: boolean;
}

class PlainWriter {
  readonly lines: string[] = [];
  #pieces: Piece[] = [];

  add(text: string, keep = false): void {
    if (text !== '') this.#pieces.push({ text, keep });
  }

  /** Ends the current line (a `<br>`): an empty one too. */
  lineBreak(): void {
    this.lines.push(this.#take());
  }

  /** Ends the current block, if it has any text. */
  block(): void {
    const line = this.#take();
    if (line !== '') this.lines.push(line);
  }

  #take(): string {
    let out = '';
    for (const p of this.#pieces) {
      let t = p.keep ? p.text.replace(/\n/g, ' ') : p.text.replace(/\s+/g, ' ');
      if (!p.keep && t.startsWith(' ') && (out === '' || out.endsWith(' '))) t = t.slice(1);
      out += t;
    }
    this.#pieces = [];
    return out.replace(/^ +| +$/g, '');
  }
}

function walk(node: HtmlNode, w: PlainWriter): void {
  if (node.kind === 'text') {
    w.add(node.text);
    return;
  }
  element(node, w);
}

function element(e: HtmlElement, w: PlainWriter): void {
  if (isHidden(e, { spoilers: false })) return;
  const atom = atomText(e);
  if (atom) {
    w.add(atom.text, atom.code);
    return;
  }
  switch (e.tag) {
    case 'br':
      w.lineBreak();
      return;
    case 'code':
      w.add(textContent(e), true);
      return;
    case 'pre':
      w.block();
      for (const line of textContent(e).replace(/\n$/, '').split('\n')) w.lines.push(line);
      return;
    case 'td':
    case 'th':
      w.add(' ');
      e.children.forEach((c) => walk(c, w));
      w.add(' ');
      return;
  }
  const block = BLOCKS.has(e.tag);
  if (block) w.block();
  e.children.forEach((c) => walk(c, w));
  if (block) w.block();
}

/** The text of `nodes`: one string per line (blocks, line breaks, lines of code blocks). */
export function plainLines(nodes: readonly HtmlNode[]): string[] {
  const w = new PlainWriter();
  nodes.forEach((n) => walk(n, w));
  w.block();
  return w.lines;
}
