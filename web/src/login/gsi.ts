/** Google Identity Services, loaded only when the server has a Google client id configured. */
export interface GoogleIdApi {
  initialize: (options: {
    client_id: string;
    callback: (response: { credential?: string }) => void;
    hd?: string;
    auto_select?: boolean;
    cancel_on_tap_outside?: boolean;
  }) => void;
  renderButton: (parent: HTMLElement, options: Record<string, unknown>) => void;
  prompt: () => void;
  cancel: () => void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleIdApi } };
  }
}

export const GSI_SRC = 'https://accounts.google.com/gsi/client';

let loading: Promise<GoogleIdApi> | null = null;

export function loadGoogleIdentity(): Promise<GoogleIdApi> {
  loading ??= new Promise<GoogleIdApi>((resolve, reject) => {
    const existing = window.google?.accounts?.id;
    if (existing) return resolve(existing);
    const script = document.createElement('script');
    script.src = GSI_SRC;
    script.async = true;
    script.onload = () => {
      const api = window.google?.accounts?.id;
      if (api) resolve(api);
      else reject(new Error('Google sign-in is unavailable'));
    };
    script.onerror = () => {
      loading = null;
      reject(new Error('Google sign-in is unavailable'));
    };
    document.head.appendChild(script);
  });
  return loading;
}
