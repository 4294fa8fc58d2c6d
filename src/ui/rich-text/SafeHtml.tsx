/**
 * Shows a news body. The gateway sanitises bodies on write and on read; the portal sanitises again with
 * DOMPurify before rendering (no script, style, frame, event handler or javascript: URL survives), links open
 * in a new tab without an opener, and an image without a text alternative gets an empty one (decorative).
 */
import './rich-text.css';
import { useMemo } from 'react';
import DOMPurify from 'dompurify';

let hooked = false;

export function sanitizeHtml(html: string): string {
  if (!hooked) {
    hooked = true;
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('href')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
      if (node.tagName === 'IMG' && !node.hasAttribute('alt')) node.setAttribute('alt', '');
    });
  }
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed', 'svg', 'math'],
    FORBID_ATTR: ['style'],
    ADD_ATTR: ['target'],
  });
}

export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
