import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Box, Button, Card, CardContent, CardHeader, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Title, useNotify } from 'react-admin';
import {
  buildSignatureHtml,
  buildSignatureText,
  copySignature,
  EMPTY_SIGNATURE,
  type SignatureInput,
} from './signatureHtml';

const FIELDS: Array<{ key: keyof SignatureInput; label: string; placeholder: string }> = [
  { key: 'name', label: 'Name', placeholder: 'Jane' },
  { key: 'surname', label: 'Surname', placeholder: 'Doe' },
  { key: 'role', label: 'Role', placeholder: 'SEO Specialist' },
  { key: 'mobile', label: 'Mobile', placeholder: '+31 6 1234 5678' },
  { key: 'skype', label: 'Skype', placeholder: 'jane.doe' },
];

/** E-mail signature generator (SPEC §2.4): live preview and copy as rich text. */
export const SignaturePage = () => {
  const [input, setInput] = useState<SignatureInput>(EMPTY_SIGNATURE);
  const notify = useNotify();
  const html = buildSignatureHtml(input);
  const ready = Boolean(input.name.trim() || input.surname.trim());

  const copy = () =>
    copySignature(html, buildSignatureText(input)).then(
      () => notify('Signature copied to clipboard', { type: 'success' }),
      () => notify('The signature could not be copied', { type: 'warning' }),
    );

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: 'minmax(280px, 400px) 1fr' },
        mt: 1,
      }}
    >
      <Title title="Signature generator" />
      <Card>
        <CardHeader title="Your details" slotProps={{ title: { variant: 'h6' } }} />
        <CardContent sx={{ pt: 0 }}>
          <Stack spacing={1}>
            {FIELDS.map(({ key, label, placeholder }) => (
              <TextField
                key={key}
                label={label}
                name={key}
                placeholder={placeholder}
                variant="outlined"
                value={input[key]}
                onChange={(e) => setInput((v) => ({ ...v, [key]: e.target.value }))}
              />
            ))}
          </Stack>
        </CardContent>
      </Card>
      <Card>
        <CardHeader
          title="Preview"
          slotProps={{ title: { variant: 'h6' } }}
          action={
            <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={copy} disabled={!ready}>
              Copy signature
            </Button>
          }
        />
        <CardContent>
          {ready ? (
            <Box
              data-testid="signature-preview"
              sx={{
                p: 3,
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
                bgcolor: '#fff',
                overflowX: 'auto',
              }}
              // every input is escaped by buildSignatureHtml
              dangerouslySetInnerHTML={{ __html: html }}
            />
          ) : (
            <Typography sx={{ color: 'text.secondary' }}>Enter your name to see the signature.</Typography>
          )}
        </CardContent>
      </Card>
    </Box>
  );
};
