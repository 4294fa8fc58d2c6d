/**
 * The heavy rich-text parts as lazy components, so only the pages that render them load tiptap, DOMPurify or the
 * image picker (antd's Image and its preview). The picker keeps its place while it loads: a button-sized skeleton.
 */
import { createElement, lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import type { ImageUploadProps } from './ImageUpload';

export const RichTextEditor = lazy(() => import('./RichTextEditor').then((m) => ({ default: m.RichTextEditor })));
export const SafeHtml = lazy(() => import('./SafeHtml').then((m) => ({ default: m.SafeHtml })));

const LazyImageUpload = lazy(() => import('./ImageUpload').then((m) => ({ default: m.ImageUpload })));

/** The image picker of src/ui/rich-text/ImageUpload.tsx, loaded with the first page that shows one. */
export function ImageUpload(props: ImageUploadProps) {
  return createElement(Suspense, { fallback: createElement(Skeleton.Button, { active: true, size: 'default' }) }, createElement(LazyImageUpload, props));
}
