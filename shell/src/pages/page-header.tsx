import type { ReactNode } from 'react';

export function PageHeader({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  return (
    <header className="kcf-page-header">
      <div>
        <h1 className="kcf-page-title">{title}</h1>
        {subtitle && <p className="kcf-page-subtitle">{subtitle}</p>}
      </div>
    </header>
  );
}
