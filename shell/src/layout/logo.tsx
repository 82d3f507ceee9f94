/** The foundation's mark: three figures holding hands under a sun (a village around a child). */
export function Logo({ size = 48 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" role="img" aria-label="Kakamega Children's Foundation logo">
      <circle cx="32" cy="32" r="31" fill="#15803d" />
      <circle cx="32" cy="17" r="6" fill="#facc15" />
      <g fill="#ffffff">
        <circle cx="18" cy="29" r="4.5" />
        <circle cx="46" cy="29" r="4.5" />
        <circle cx="32" cy="33" r="3.5" />
        <path d="M12 52c0-9 3-16 6-16s6 7 6 16z" />
        <path d="M40 52c0-9 3-16 6-16s6 7 6 16z" />
        <path d="M27 52c0-7 2-12 5-12s5 5 5 12z" />
        <path d="M22 41l5 2v2l-6-2zM42 41l-5 2v2l6-2z" />
      </g>
    </svg>
  );
}
