import ImageOutlined from '@mui/icons-material/ImageOutlined';
import { CircularProgress, ToggleButton } from '@mui/material';
// the image commands' types come with the extension the editor is built with
import type {} from '@tiptap/extension-image';
import { useTiptapEditor } from 'ra-input-rich-text';
import { useRef, useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import type { SitefleetDataProvider } from '../../providers/dataProvider';
import { errorMessage } from '../../providers/http';
import { IMAGE_ACCEPT, IMAGE_TYPE_REFUSED, isAcceptedImage } from './imageUpload';

/** Uploads an image (SPEC §5: gif, jpeg, jpg, png, svg) and puts it in the message; refusals show the server's message. */
export const ImageUploadButton = () => {
  const editor = useTiptapEditor();
  const dataProvider = useDataProvider<SitefleetDataProvider>();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const upload = async (file: File) => {
    if (!isAcceptedImage(file.name)) {
      notify(IMAGE_TYPE_REFUSED, { type: 'error' });
      return;
    }
    setBusy(true);
    try {
      const src = await dataProvider.uploadNotificationImage(file, file.name);
      editor.chain().focus().setImage({ src, alt: file.name }).run();
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <ToggleButton
        value="image"
        size="small"
        aria-label="Upload image"
        title="Upload image"
        disabled={!editor || !editor.isEditable || busy}
        onClick={() => input.current?.click()}
      >
        {busy ? <CircularProgress size={16} /> : <ImageOutlined fontSize="inherit" />}
      </ToggleButton>
      <input
        ref={input}
        type="file"
        hidden
        accept={IMAGE_ACCEPT}
        data-testid="image-upload-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void upload(file);
        }}
      />
    </>
  );
};
