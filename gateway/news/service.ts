/** What other modules may use of news: the HTML policy of articles, now the platform's (platform/rich-text.ts). */
export { sanitizeRichHtml as sanitizeNewsHtml } from '../platform/rich-text';
