/**
 * The rich text editor of news bodies (tiptap: headings, bold, italic, underline, strike, lists, quote,
 * links, images uploaded through POST /api/uploads, undo/redo). Only the pages that edit rich text (change-news, change-tour) import it, so
 * no other page loads the editor. The gateway sanitises what is saved.
 */
import './rich-text.css';
import { useRef, useState } from 'react';
import { Button, Input, Popover, Space, Tooltip } from 'antd';
import {
  BoldOutlined,
  ItalicOutlined,
  UnderlineOutlined,
  StrikethroughOutlined,
  OrderedListOutlined,
  UnorderedListOutlined,
  LinkOutlined,
  PictureOutlined,
  UndoOutlined,
  RedoOutlined,
  DisconnectOutlined,
} from '@ant-design/icons';
import { useNotification } from '@refinedev/core';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { useTranslation } from 'react-i18next';
import { assetUrl, UploadError, useUpload } from '../upload';
import { isHttpUrl } from '../../../contract/validators';
import { IMAGE_ACCEPT } from './ImageUpload';

export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  id?: string;
  'aria-label'?: string;
}

function ToolButton({ label, active, disabled, onClick, icon, text }: { label: string; active?: boolean; disabled?: boolean; onClick: () => void; icon?: React.ReactNode; text?: string }) {
  return (
    <Tooltip title={label}>
      <Button
        size="small"
        type={active ? 'primary' : 'text'}
        // a button that shows text ("H2") is named by it first (WCAG 2.5.3), then by what it does
        aria-label={text ? `${text} ${label}` : label}
        aria-pressed={active}
        disabled={disabled}
        icon={icon}
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
      >
        {text}
      </Button>
    </Tooltip>
  );
}

function LinkButton({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [href, setHref] = useState('');
  const valid = isHttpUrl(href) || /^(mailto|tel):/i.test(href);
  const apply = () => {
    if (!valid) return;
    editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
    setOpen(false);
  };
  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setHref((editor.getAttributes('link').href as string | undefined) ?? 'https://');
      }}
      trigger="click"
      content={
        <Space.Compact className="rte-link-form">
          <Input
            autoFocus
            value={href}
            onChange={(e) => setHref(e.target.value)}
            onPressEnter={apply}
            aria-label={t('news.editor.linkUrl')}
            status={href && !valid ? 'error' : undefined}
          />
          <Button type="primary" onClick={apply} disabled={!valid}>
            {t('news.editor.apply')}
          </Button>
        </Space.Compact>
      }
    >
      <Button size="small" type={editor.isActive('link') ? 'primary' : 'text'} aria-label={t('news.editor.link')} icon={<LinkOutlined />} />
    </Popover>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const { open } = useNotification();
  const file = useRef<HTMLInputElement>(null);
  const { upload, uploading: busy } = useUpload();
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();

  const insertImage = async (picked: File | undefined) => {
    if (!picked) return;
    try {
      const result = await upload(picked, 'image');
      chain().setImage({ src: assetUrl(result.url), alt: picked.name }).run();
    } catch (e) {
      open?.({ type: 'error', message: t(`news.upload.errors.${e instanceof UploadError ? e.reason : 'failed'}`, { name: picked.name }) });
    } finally {
      if (file.current) file.current.value = '';
    }
  };

  return (
    <div className="rte-toolbar" role="toolbar" aria-label={t('news.editor.toolbar')}>
      <ToolButton label={t('news.editor.h2')} text="H2" active={state.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()} />
      <ToolButton label={t('news.editor.h3')} text="H3" active={state.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()} />
      <ToolButton label={t('news.editor.bold')} icon={<BoldOutlined />} active={state.bold} onClick={() => chain().toggleBold().run()} />
      <ToolButton label={t('news.editor.italic')} icon={<ItalicOutlined />} active={state.italic} onClick={() => chain().toggleItalic().run()} />
      <ToolButton label={t('news.editor.underline')} icon={<UnderlineOutlined />} active={state.underline} onClick={() => chain().toggleUnderline().run()} />
      <ToolButton label={t('news.editor.strike')} icon={<StrikethroughOutlined />} active={state.strike} onClick={() => chain().toggleStrike().run()} />
      <ToolButton label={t('news.editor.bulletList')} icon={<UnorderedListOutlined />} active={state.bullet} onClick={() => chain().toggleBulletList().run()} />
      <ToolButton label={t('news.editor.orderedList')} icon={<OrderedListOutlined />} active={state.ordered} onClick={() => chain().toggleOrderedList().run()} />
      <ToolButton label={t('news.editor.quote')} text="❝" active={state.quote} onClick={() => chain().toggleBlockquote().run()} />
      <LinkButton editor={editor} />
      <ToolButton label={t('news.editor.unlink')} icon={<DisconnectOutlined />} disabled={!state.link} onClick={() => chain().unsetLink().run()} />
      <ToolButton label={t('news.editor.image')} icon={<PictureOutlined />} disabled={busy} onClick={() => file.current?.click()} />
      <ToolButton label={t('news.editor.undo')} icon={<UndoOutlined />} disabled={!state.canUndo} onClick={() => chain().undo().run()} />
      <ToolButton label={t('news.editor.redo')} icon={<RedoOutlined />} disabled={!state.canRedo} onClick={() => chain().redo().run()} />
      <input ref={file} type="file" accept={IMAGE_ACCEPT} hidden onChange={(e) => void insertImage(e.target.files?.[0])} />
    </div>
  );
}

export function RichTextEditor({ value, onChange, id, 'aria-label': ariaLabel }: RichTextEditorProps) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3] }, link: { openOnClick: false, autolink: true, defaultProtocol: 'https' } }),
      Image,
    ],
    content: value ?? '',
    editorProps: { attributes: { class: 'rte-content news-body', id: id ?? '', role: 'textbox', 'aria-multiline': 'true', 'aria-label': ariaLabel ?? '' } },
    onUpdate: ({ editor: e }) => onChange?.(e.isEmpty ? '' : e.getHTML()),
  });
  if (!editor) return null;
  return (
    <div className="rte">
      <Toolbar editor={editor} />
      <EditorContent editor={editor} />
    </div>
  );
}

export default RichTextEditor;
