import { SpinLoading, Toast } from 'antd-mobile';
import { PicturesOutline } from 'antd-mobile-icons';
import { type ChangeEvent, type ClipboardEvent, type MouseEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../lib/translations';
import './RichText.css';
import { errorMessage } from '../lib/api';
import {
  clampFontSize,
  EDITOR_DEFAULT_HEIGHT,
  EDITOR_FONT_SIZES,
  EDITOR_MIN_HEIGHT,
  editorImageProblem,
  isRichTextEmpty,
} from './richText';
import { uploadEditorImage } from './uploadEditorImage';

export interface RichTextEditorProps {
  /** the body as HTML; a value that differs from what the editor last reported replaces its content */
  value: string;
  onChange: (html: string) => void;
  placeholder?: string;
  /** the field's name for a screen reader, when its placeholder does not say it */
  label?: string;
  /** spec 2 §9: 150 by default, never below 160 */
  height?: number;
  /** on the editable area; the toolbar buttons get `<testid>-bold`, `-italic`, `-underline`, `-size`, `-image` */
  testid?: string;
  invalid?: boolean;
}

type Mark = 'bold' | 'italic' | 'underline';
const MARKS: Mark[] = ['bold', 'italic', 'underline'];
/** execCommand('fontSize') only knows sizes 1–7: 7 marks the text whose pixel size is set right after */
const FONT_MARK = '7';

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * A small rich-text editor for notices and topics (spec 2 §9): bold, italic, underline, font sizes
 * 12–72 px and pictures of at most 5 MB, uploaded to the platform and kept as
 * `<img src data-file>`. Pasted content goes in as plain text; the server sanitises what it keeps.
 */
export function RichTextEditor({
  value,
  onChange,
  placeholder,
  label,
  height = EDITOR_DEFAULT_HEIGHT,
  testid = 'rich-editor',
  invalid = false,
}: RichTextEditorProps) {
  const { t } = useTranslation();
  const editorRef = useRef<HTMLDivElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const reported = useRef<string | null>(null);
  const savedRange = useRef<Range | null>(null);
  const fontPx = useRef(16);
  const [active, setActive] = useState<Record<Mark, boolean>>({ bold: false, italic: false, underline: false });
  const [sizesOpen, setSizesOpen] = useState(false);
  const [size, setSize] = useState<number | null>(null);
  const [empty, setEmpty] = useState(() => isRichTextEmpty(value));
  const [uploading, setUploading] = useState(false);

  // content from outside (an item loaded for editing) replaces what is shown; our own reports do not
  useEffect(() => {
    const el = editorRef.current;
    if (!el || value === reported.current) return;
    el.innerHTML = value;
    reported.current = value;
    setEmpty(isRichTextEmpty(value));
  }, [value]);

  const inside = useCallback((node: Node | null) => Boolean(node && editorRef.current?.contains(node)), []);

  // the caret is remembered while it is in the editor, so toolbar taps and uploads act where it was
  useEffect(() => {
    const onSelection = () => {
      const sel = document.getSelection();
      if (!sel || sel.rangeCount === 0 || !inside(sel.anchorNode)) return;
      savedRange.current = sel.getRangeAt(0).cloneRange();
      setActive({
        bold: document.queryCommandState('bold'),
        italic: document.queryCommandState('italic'),
        underline: document.queryCommandState('underline'),
      });
      const at = sel.anchorNode instanceof Element ? sel.anchorNode : sel.anchorNode?.parentElement;
      setSize(at && inside(at) ? Math.round(Number.parseFloat(getComputedStyle(at).fontSize)) : null);
    };
    document.addEventListener('selectionchange', onSelection);
    return () => document.removeEventListener('selectionchange', onSelection);
  }, [inside]);

  /** `<font size=7>` from execCommand becomes `<span style="font-size: Npx">`, keeping the caret where it was. */
  const normaliseFonts = () => {
    const el = editorRef.current;
    if (!el) return;
    const fonts = el.querySelectorAll(`font[size="${FONT_MARK}"]`);
    if (fonts.length === 0) return;
    const sel = document.getSelection();
    const keep =
      sel && sel.rangeCount > 0 ? { an: sel.anchorNode, ao: sel.anchorOffset, fn: sel.focusNode, fo: sel.focusOffset } : null;
    for (const font of fonts) {
      const span = document.createElement('span');
      span.style.fontSize = `${fontPx.current}px`;
      while (font.firstChild) span.appendChild(font.firstChild);
      font.replaceWith(span);
    }
    if (sel && keep?.an && keep.fn && el.contains(keep.an) && el.contains(keep.fn)) {
      try {
        sel.setBaseAndExtent(keep.an, keep.ao, keep.fn, keep.fo);
      } catch {
        // the remembered point no longer fits its node: the caret stays where the browser put it
      }
    }
  };

  const report = () => {
    const el = editorRef.current;
    if (!el) return;
    normaliseFonts();
    const html = el.innerHTML;
    reported.current = html;
    setEmpty(isRichTextEmpty(html));
    onChange(html);
  };

  /** Puts the caret back where it was (or at the end) before a toolbar action. */
  const restore = () => {
    const el = editorRef.current;
    if (!el) return;
    el.focus();
    const sel = document.getSelection();
    if (!sel) return;
    const range = savedRange.current;
    if (range && inside(range.startContainer)) {
      sel.removeAllRanges();
      sel.addRange(range);
    } else {
      const end = document.createRange();
      end.selectNodeContents(el);
      end.collapse(false);
      sel.removeAllRanges();
      sel.addRange(end);
    }
    // new lines after a toolbar action become paragraphs; lines typed before any are Chromium's <div>s,
    // which the server and the view keep too (RICH_TEXT_TAGS)
    document.execCommand('defaultParagraphSeparator', false, 'p');
    document.execCommand('styleWithCSS', false, 'false');
  };

  const toggle = (mark: Mark) => {
    restore();
    document.execCommand(mark);
    setActive((a) => ({ ...a, [mark]: document.queryCommandState(mark) }));
    report();
  };

  const applySize = (px: number) => {
    restore();
    fontPx.current = clampFontSize(px);
    document.execCommand('fontSize', false, FONT_MARK);
    setSize(fontPx.current);
    setSizesOpen(false);
    report();
  };

  const pickImage = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = editorImageProblem(file);
    if (problem) {
      Toast.show({ content: t(problem), icon: 'fail' });
      return;
    }
    setUploading(true);
    try {
      const uploaded = await uploadEditorImage(file);
      restore();
      document.execCommand(
        'insertHTML',
        false,
        `<img src="${escapeAttr(uploaded.url)}" data-file="${Number(uploaded.id)}" alt="${escapeAttr(file.name)}">`,
      );
      report();
    } catch (e) {
      Toast.show({ content: errorMessage(e), icon: 'fail' });
    } finally {
      setUploading(false);
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    event.preventDefault();
    const text = event.clipboardData.getData('text/plain');
    if (text) document.execCommand('insertText', false, text);
  };

  // toolbar taps must not take the focus (and the selection) away from the text
  const keepFocus = (event: MouseEvent) => event.preventDefault();

  return (
    <div className={`rich-editor${invalid ? ' is-invalid' : ''}`}>
      <div className="rich-toolbar" role="toolbar" aria-label={t('editor.toolbar')}>
        {MARKS.map((mark) => (
          <button
            key={mark}
            type="button"
            className={`rich-tool rich-tool-${mark}${active[mark] ? ' is-active' : ''}`}
            aria-pressed={active[mark]}
            aria-label={t(`editor.${mark}`)}
            title={t(`editor.${mark}`)}
            onMouseDown={keepFocus}
            onClick={() => toggle(mark)}
            data-testid={`${testid}-${mark}`}
          >
            {mark === 'bold' ? 'B' : mark === 'italic' ? 'I' : 'U'}
          </button>
        ))}
        <button
          type="button"
          className={`rich-tool rich-tool-size${sizesOpen ? ' is-active' : ''}`}
          aria-expanded={sizesOpen}
          aria-label={t('editor.fontSize')}
          onMouseDown={keepFocus}
          onClick={() => setSizesOpen((open) => !open)}
          data-testid={`${testid}-size`}
        >
          <span className="rich-tool-aa">Aa</span>
          {size ? <span className="rich-tool-px">{size}</span> : null}
        </button>
        <button
          type="button"
          className="rich-tool rich-tool-image"
          aria-label={t('editor.image')}
          title={t('editor.image')}
          onMouseDown={keepFocus}
          onClick={() => fileRef.current?.click()}
          disabled={uploading}
          data-testid={`${testid}-image`}
        >
          {uploading ? <SpinLoading style={{ '--size': '16px' }} /> : <PicturesOutline />}
        </button>
        <input
          ref={fileRef}
          type="file"
          accept="image/*"
          hidden
          onChange={(e) => void pickImage(e)}
          data-testid={`${testid}-image-input`}
        />
      </div>
      {sizesOpen ? (
        <div className="rich-sizes" role="listbox" aria-label={t('editor.fontSize')} data-testid={`${testid}-sizes`}>
          {EDITOR_FONT_SIZES.map((px) => (
            <button
              key={px}
              type="button"
              role="option"
              aria-selected={px === size}
              className={`rich-size${px === size ? ' is-active' : ''}`}
              onMouseDown={keepFocus}
              onClick={() => applySize(px)}
              data-testid={`${testid}-size-${px}`}
            >
              {px}
            </button>
          ))}
        </div>
      ) : null}
      <div className="rich-area" style={{ minHeight: Math.max(height, EDITOR_MIN_HEIGHT) }}>
        {empty && placeholder ? (
          <div className="rich-placeholder" aria-hidden="true">
            {placeholder}
          </div>
        ) : null}
        {/* biome-ignore lint/a11y/useSemanticElements: a rich-text field has no native element; role and label say what it is */}
        <div
          ref={editorRef}
          className="rich-content rich-input"
          contentEditable
          suppressContentEditableWarning
          role="textbox"
          tabIndex={0}
          aria-multiline="true"
          aria-label={label ?? placeholder}
          aria-invalid={invalid}
          onInput={report}
          onBlur={report}
          onPaste={onPaste}
          style={{ minHeight: Math.max(height, EDITOR_MIN_HEIGHT) }}
          data-testid={testid}
        />
      </div>
    </div>
  );
}
