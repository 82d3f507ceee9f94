/** Joins class names, skipping falsy ones: cx('kcf-btn', active && 'kcf-btn--active'). */
export function cx(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}
