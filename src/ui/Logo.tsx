/** The portal mark: a paper plane over a globe line, in the current brand colours. */
export function Logo({ size = 32, colour = 'currentColor' }: { size?: number; colour?: string }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="15" fill="none" stroke={colour} strokeWidth="2" opacity="0.45" />
      <path d="M6 16.5 26 8l-6.5 17-4-6.2L6 16.5Z" fill={colour} />
      <path d="m15.5 18.8 3.6-5.6" stroke="#fff" strokeWidth="1.4" strokeLinecap="round" opacity="0.8" />
    </svg>
  );
}
