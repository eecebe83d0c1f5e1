import {
  ClearButtons,
  FormatButtons,
  LevelSelect,
  LinkButtons,
  ListButtons,
  QuoteButtons,
  RichTextInput,
  RichTextInputToolbar,
} from 'ra-input-rich-text';
import type { Validator } from 'react-admin';
import { ImageUploadButton } from './ImageUploadButton';

export interface RichTextEditorProps {
  source: string;
  label: string | false;
  /** Offers image upload (notification messages). */
  images?: boolean;
  validate?: Validator | Validator[];
}

/**
 * The rich-text editor (loaded on demand: it is the heaviest part of the console). No colour or
 * alignment buttons: the server keeps no style attributes.
 */
export const RichTextEditor = ({ source, label, images = false, validate }: RichTextEditorProps) => (
  <RichTextInput
    source={source}
    label={label}
    validate={validate}
    toolbar={
      <RichTextInputToolbar size="small">
        <LevelSelect size="small" />
        <FormatButtons size="small" />
        <ListButtons size="small" />
        <LinkButtons size="small" />
        <QuoteButtons size="small" />
        {images && <ImageUploadButton />}
        <ClearButtons size="small" />
      </RichTextInputToolbar>
    }
  />
);
