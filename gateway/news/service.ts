/** What other modules may use of news: the HTML policy of articles (the demo seed writes articles too). */
export { sanitizeNewsHtml } from './sanitize';
