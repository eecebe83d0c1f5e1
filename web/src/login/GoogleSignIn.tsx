import { Box, Divider, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { loadConfig, type RuntimeConfig } from '../providers/config';
import { loadGoogleIdentity } from './gsi';

interface Props {
  onCredential: (credential: string) => void;
}

/** Google one-tap and button, shown only when the server exposes a client id (SPEC §2.2). */
export const GoogleSignIn = ({ onCredential }: Props) => {
  const [config, setConfig] = useState<RuntimeConfig | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  const button = useRef<HTMLDivElement>(null);
  const callback = useRef(onCredential);
  callback.current = onCredential;

  useEffect(() => {
    void loadConfig().then(setConfig);
  }, []);

  const clientId = config?.google_client_id;
  useEffect(() => {
    if (!clientId) return;
    let api: Awaited<ReturnType<typeof loadGoogleIdentity>> | null = null;
    loadGoogleIdentity()
      .then((google) => {
        api = google;
        google.initialize({
          client_id: clientId,
          callback: (response) => response.credential && callback.current(response.credential),
          hd: config?.allowed_google_domains.length === 1 ? config.allowed_google_domains[0] : undefined,
          cancel_on_tap_outside: true,
        });
        if (button.current)
          google.renderButton(button.current, { theme: 'outline', size: 'large', width: 320 });
        google.prompt();
      })
      .catch(() => setUnavailable(true));
    return () => api?.cancel();
  }, [clientId, config]);

  if (!clientId) return null;
  return (
    <Box sx={{ mt: 3 }}>
      <Divider sx={{ mb: 2 }}>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          or
        </Typography>
      </Divider>
      {unavailable ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', textAlign: 'center' }}>
          Google sign-in is unavailable right now.
        </Typography>
      ) : (
        <Box ref={button} sx={{ display: 'flex', justifyContent: 'center', minHeight: 44 }} />
      )}
    </Box>
  );
};
