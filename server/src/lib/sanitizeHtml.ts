import sanitize from 'sanitize-html';

/**
 * Rich text from the builder (Lexical's HTML) reduced to an allow-list: formatting, lists and
 * links with safe schemes. Everything else, scripts and event handlers included, is removed.
 */
const options: sanitize.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'ul', 'ol', 'li', 'blockquote', 'span', 'h2', 'h3'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener noreferrer', target: '_blank' } }),
  },
};

export const sanitizeRichText = (html: string): string => sanitize(html, options);
