/** The Sitefleet mark (same drawing as the favicon). */
export const Logo = ({ size = 32 }: { size?: number }) => (
  <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true">
    <rect width="64" height="64" rx="14" fill="#1e3a5f" />
    <path d="M14 40 L32 14 L50 40 Z" fill="#4fc3f7" />
    <rect x="12" y="44" width="40" height="6" rx="3" fill="#ffffff" />
  </svg>
);
