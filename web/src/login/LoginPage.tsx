import { Box, Card, CardContent, Typography } from '@mui/material';
import { PRODUCT_NAME } from '@sitefleet/shared';
import { useState } from 'react';
import { useLogin } from 'react-admin';
import { Logo } from '../layout/Logo';
import { GoogleSignIn } from './GoogleSignIn';
import { LoginForm } from './LoginForm';

export const LoginPage = () => {
  const login = useLogin();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const signIn = (params: { email: string; password: string } | { credential: string }) => {
    setLoading(true);
    setError(null);
    login(params).catch((e: unknown) => {
      setLoading(false);
      setError((e as Error)?.message ?? 'error');
    });
  };

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        background: 'linear-gradient(135deg, #0f2440 0%, #1e3a5f 55%, #2d5a8a 100%)',
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 400, borderRadius: 3 }} elevation={8}>
        <CardContent sx={{ p: 4 }}>
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', mb: 3 }}>
            <Logo size={48} />
            <Typography variant="h5" component="h1" sx={{ mt: 1.5, fontWeight: 600 }}>
              {PRODUCT_NAME}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Sign in to the back-office
            </Typography>
          </Box>
          <LoginForm loading={loading} error={error} onSubmit={signIn} />
          <GoogleSignIn onCredential={(credential) => signIn({ credential })} />
        </CardContent>
      </Card>
    </Box>
  );
};
