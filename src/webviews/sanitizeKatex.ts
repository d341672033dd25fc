/**
 * What KaTeX's output (HTML and MathML, as the server renders `$$tex$$`) needs from the
 * sanitiser: its classes, its MathML elements and their presentation attributes, and the small
 * SVGs it draws radicals and stretchy arrows with. No `href`, no event handler, no
 * `annotation-xml`, no `mglyph` (the elements of the known namespace-confusion attacks).
 */

export const KATEX_TAGS = [
  'math', 'semantics', 'annotation', 'mrow', 'mi', 'mn', 'mo', 'mtext', 'mspace', 'ms', 'msup', 'msub', 'msubsup',
  'mfrac', 'msqrt', 'mroot', 'mover', 'munder', 'munderover', 'mtable', 'mtr', 'mtd', 'mstyle', 'mpadded', 'mphantom',
  'menclose', 'merror', 'mlabeledtr', 'svg', 'path', 'line',
];

/** KaTeX's classes (its stylesheet's, and the atom classes it writes). */
export const KATEX_CLASSES = [
  'katex', 'katex-display', 'katex-html', 'katex-mathml', 'katex-*', 'base', 'strut', 'pstrut', 'mord', 'mop', 'mbin',
  'mrel', 'mopen', 'mclose', 'mpunct', 'minner', 'mfrac', 'mspace', 'msupsub', 'mtable', 'mtight', 'mover', 'munder',
  'mtr-glue', 'mult', 'vlist', 'vlist-*', 'sizing', 'reset-size*', 'size*', 'fontsize-ensurer', 'delimsizing',
  'delimcenter', 'delim-size*', 'nulldelimiter', 'frac-line', 'sqrt', 'root', 'hide-tail', 'svg-align', 'stretchy',
  'accent', 'accent-body', 'accent-full', 'overline', 'overline-line', 'underline', 'underline-line', 'op-symbol',
  'op-limits', 'small-op', 'large-op', 'mathnormal', 'mathit', 'mathrm', 'mathbf', 'mathbb', 'mathcal', 'mathfrak',
  'mathscr', 'mathsf', 'mathtt', 'mathboldsf', 'mathitsf', 'mathsfit', 'mathboldfrak', 'boldsymbol', 'amsrm',
  'mainrm', 'textrm', 'textbf', 'textit', 'textsf', 'texttt', 'textbb', 'textscr', 'textfrak', 'textboldsf',
  'textitsf', 'textboldfrak', 'text', 'col-align-*', 'arraycolsep', 'vertical-separator', 'hline', 'hdashline',
  'rule', 'llap', 'rlap', 'clap', 'inner', 'fix', 'smash', 'thinbox', 'hbox', 'vbox', 'boxpad', 'fbox', 'fcolorbox',
  'cancel-pad', 'cancel-lap', 'sout', 'angl', 'anglpad', 'brace-*', 'halfarrow-*', 'x-arrow', 'x-arrow-pad',
  'overlay', 'newline', 'tag', 'eqn-num', 'mml-eqn-num', 'cd-*', 'tex-error',
];

const PRESENTATION = [
  'mathvariant', 'mathcolor', 'mathbackground', 'displaystyle', 'scriptlevel', 'stretchy', 'fence', 'separator',
  'lspace', 'rspace', 'accent', 'accentunder', 'movablelimits', 'minsize', 'maxsize', 'symmetric', 'largeop',
  'linethickness', 'columnalign', 'rowalign', 'columnspacing', 'rowspacing', 'columnlines', 'rowlines', 'frame',
  'framespacing', 'notation', 'width', 'height', 'depth', 'voffset', 'columnspan', 'rowspan',
];

export const KATEX_ATTRIBUTES: Record<string, string[]> = {
  ...Object.fromEntries(KATEX_TAGS.filter((t) => t.startsWith('m') || t === 'semantics').map((t) => [t, PRESENTATION])),
  math: ['xmlns', 'display', ...PRESENTATION],
  annotation: ['encoding'],
  svg: ['xmlns', 'width', 'height', 'viewbox', 'viewBox', 'preserveaspectratio', 'preserveAspectRatio', 'data-style'],
  path: ['d'],
  line: ['x1', 'x2', 'y1', 'y2', 'stroke-width'],
};
