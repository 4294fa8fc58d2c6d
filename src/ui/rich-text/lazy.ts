/** The heavy rich-text parts as lazy components, so only the pages that render them load tiptap or DOMPurify. */
import { lazy } from 'react';

export const RichTextEditor = lazy(() => import('./RichTextEditor').then((m) => ({ default: m.RichTextEditor })));
export const SafeHtml = lazy(() => import('./SafeHtml').then((m) => ({ default: m.SafeHtml })));
