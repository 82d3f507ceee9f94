import { lazy, Suspense, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { can, type Beneficiary } from '@kcf/contracts';
import { Button, Card, CardContent, CardHeader, CardTitle } from '@kcf/ui';
import { TrashIcon } from '@kcf/ui/icons';
import { useCurrentUser } from '@kcf/web-kit';
import { beneficiaryKeys, refreshAfterBeneficiaryChange } from '../api';
import { DATA_REQUESTS_PAGE } from './data-request-api';
import { DownloadAllData } from './download-all-data';
import * as styles from './child-data.module.css';

// The form (and the schema it checks with) loads when Erase is first chosen.
const EraseDialog = lazy(() => import(/* webpackChunkName: "erase-dialog" */ './erase-dialog'));

/** `?erase=1` on the profile (the Data requests page's retention review links here with it) opens Erase. */
export const ERASE_PARAM = 'erase';

/**
 * The child's data, as the guardian's rights have it: "Download all data" (superadmin, and the beneficiary
 * user for its own child) and "Erase" (superadmin). Shown even while registration consent is withdrawn: export
 * and erasure are what is left then.
 */
export function ChildDataCard({ beneficiary }: { beneficiary: Pick<Beneficiary, 'id' | 'fullName'> }) {
  const { user } = useCurrentUser();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const role = user?.role;
  const mayExport = can.requestExport(role) && (role !== 'beneficiary' || user?.beneficiaryId === beneficiary.id);
  const mayErase = can.manageDataRequests(role);
  const [erasing, setErasing] = useState(() => mayErase && search.get(ERASE_PARAM) === '1');
  if (!mayExport && !mayErase) return null;

  const close = () => {
    setErasing(false);
    if (search.has(ERASE_PARAM)) {
      const next = new URLSearchParams(search);
      next.delete(ERASE_PARAM);
      setSearch(next, { replace: true });
    }
  };
  const erased = () => {
    // The child is going away: follow the request where it is shown, and forget what was read of the child.
    navigate(DATA_REQUESTS_PAGE);
    client.removeQueries({ queryKey: beneficiaryKeys.one(beneficiary.id) });
    void refreshAfterBeneficiaryChange(client);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Child's Data</CardTitle>
      </CardHeader>
      <CardContent>
        <div className={styles.actions}>
          {mayExport ? <DownloadAllData beneficiary={beneficiary} /> : <span />}
          {mayErase && (
            <Button variant="danger" icon={<TrashIcon size={18} />} onClick={() => setErasing(true)}>
              Erase
            </Button>
          )}
        </div>
      </CardContent>
      {erasing && (
        <Suspense fallback={null}>
          <EraseDialog beneficiary={beneficiary} onClose={close} onErased={erased} />
        </Suspense>
      )}
    </Card>
  );
}
