import { useState } from 'react';
import { cx } from './cx';

export interface AvatarProps {
  /** Whose picture; gives the initials and the image's alternative text. */
  name: string;
  src?: string | null;
  /** Diameter in pixels. */
  size?: number;
  className?: string;
}

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0][0];
  const last = words.length > 1 ? words[words.length - 1][0] : '';
  return (first + last).toUpperCase();
}

export function Avatar({ name, src, size = 40, className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.4) };
  if (src && src !== failedSrc) {
    return (
      <img
        src={src}
        alt={name}
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        onError={() => setFailedSrc(src)}
        className={cx('kcf-avatar', className)}
        style={style}
      />
    );
  }
  return (
    <span role="img" aria-label={name} className={cx('kcf-avatar', 'kcf-avatar--initials', className)} style={style}>
      {initialsOf(name)}
    </span>
  );
}
