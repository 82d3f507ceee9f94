import type { ComponentProps, ReactNode } from 'react';
import { cx } from '../cx';

export interface PageHeaderProps extends Omit<ComponentProps<'header'>, 'title'> {
  /** The page's name: its one `h1`. */
  title: ReactNode;
  subtitle?: ReactNode;
  /** The page's buttons and controls, in a row beside the title (below it on a narrow screen). */
  actions?: ReactNode;
  /** More lines under the subtitle (a list's totals). */
  children?: ReactNode;
}

/** The top of a page: its title, a subtitle and what the page offers to do. */
export function PageHeader({ title, subtitle, actions, children, className, ...rest }: PageHeaderProps) {
  return (
    <header {...rest} className={cx('kcf-page-header', className)}>
      <div>
        <h1 className="kcf-page-title">{title}</h1>
        {subtitle != null && subtitle !== false && <p className="kcf-page-subtitle">{subtitle}</p>}
        {children}
      </div>
      {actions != null && actions !== false && <div className="kcf-row">{actions}</div>}
    </header>
  );
}
