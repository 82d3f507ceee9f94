import { Spinner } from '../spinner';

/** Where a dialog opens while its form's code loads (a lazy dialog's Suspense fallback), out of the page's flow. */
export function DialogLoading() {
  return (
    <div className="kcf-dialog-loading">
      <Spinner size={32} label="Loading form" />
    </div>
  );
}
