/** The six heading elements (HTML's own vocabulary; no imports, so pages may bundle it at no cost). */
export const HEADING_TAGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const;
