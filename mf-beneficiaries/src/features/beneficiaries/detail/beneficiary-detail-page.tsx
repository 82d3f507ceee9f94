import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { API_MESSAGES, type HouseholdMember } from '@kcf/contracts';
import { Button, Card, CardContent, DialogLoading, ErrorCard, Spinner } from '@kcf/ui';
import { ArrowLeftIcon, PencilIcon, PlusIcon } from '@kcf/ui/icons';
import { isNotFound, loadErrorText } from '../../../shared/load-error';
import { RecordLockContext, usePermissions } from '../../../shared/use-permissions';
import { useBeneficiary } from '../api';
import { useConsents } from '../consent/consent-api';
import { ConsentCard } from '../consent/consent-card';
import { RegistrationWithdrawnNotice } from '../consent/consent-notices';
import { consentOf, effectiveState } from '../consent/consent-view';
import { ChildDataCard } from './child-data-card';
import * as styles from './detail.module.css';
import { DocumentsCard } from './documents-card';
import { HistoryCardSkeleton } from './history-skeleton';
import { HouseholdCard } from './household-card';
import { PersonalCard } from './personal-card';
import { usePart } from './records-api';
import { SchoolCard } from './school-card';
import { SpecialNeedsCard } from './special-needs-card';

const BeneficiaryDialog = lazy(() => import(/* webpackChunkName: "beneficiary-dialog" */ '../form/beneficiary-dialog'));
// The cards' forms (and the schemas they check with) load when one is first opened.
const HouseholdMemberDialog = lazy(
  () => import(/* webpackChunkName: "household-member-dialog" */ './household-member-dialog'),
);
// Only admins and superadmins see the history: its code loads for them alone.
const HistoryCard = lazy(() => import(/* webpackChunkName: "history-card" */ './history-card'));

function BackLink() {
  return (
    <Link to="/beneficiaries" className={`kcf-link ${styles.back}`}>
      <ArrowLeftIcon />
      Back to Beneficiaries
    </Link>
  );
}

/**
 * /beneficiaries/{id}: the cards about one child, its Consent, and its History for admins and superadmins.
 * While registration consent is withdrawn the child can only be exported or erased: the page says so and
 * hides every edit (`RecordLockContext`).
 */
export function BeneficiaryDetail() {
  const { id = '' } = useParams();
  const { canWrite, canReadHistory } = usePermissions();
  const beneficiary = useBeneficiary(id);
  const household = usePart(id, 'household-members');
  // The same read as the Consent card (one request for both).
  const consents = useConsents(id);
  const [editing, setEditing] = useState(false);
  const [member, setMember] = useState<{ record: HouseholdMember | null } | null>(null);

  if (beneficiary.isPending) {
    return (
      <div className="kcf-stack">
        <BackLink />
        <div className={styles.loading} role="status">
          <Spinner size={24} label="Loading" />
          <span>Loading beneficiary details...</span>
        </div>
      </div>
    );
  }
  if (beneficiary.isError) {
    return (
      <div className="kcf-stack">
        <BackLink />
        {isNotFound(beneficiary.error) ? (
          <Card>
            <CardContent>
              <h1 className="kcf-page-title">{API_MESSAGES.beneficiaryNotFound}</h1>
            </CardContent>
          </Card>
        ) : (
          <ErrorCard
            title="Could not load this beneficiary"
            message={loadErrorText(beneficiary.error)}
            onRetry={() => beneficiary.refetch()}
            retrying={beneficiary.isFetching}
          />
        )}
      </div>
    );
  }

  const b = beneficiary.data;
  const members = household.data ?? [];
  const state = (purpose: 'registration' | 'photos_internal') =>
    consents.isSuccess ? effectiveState(consentOf(consents.data, purpose)) : undefined;
  const locked = state('registration') === 'withdrawn';
  return (
    <RecordLockContext.Provider value={locked}>
      <div className="kcf-stack">
        <BackLink />
        <header className="kcf-page-header">
          <div>
            <h1 className="kcf-page-title">{b.fullName}</h1>
            <p className={`kcf-page-subtitle ${styles.idLine}`}>{b.id}</p>
          </div>
          {canWrite && !locked && (
            <div className="kcf-row">
              {household.isSuccess && members.length === 0 && (
                <Button variant="outline" icon={<PlusIcon />} onClick={() => setMember({ record: null })}>
                  Add Household Member
                </Button>
              )}
              <Button icon={<PencilIcon />} onClick={() => setEditing(true)}>
                Edit
              </Button>
            </div>
          )}
        </header>

        {locked && <RegistrationWithdrawnNotice />}

        <div className="kcf-grid kcf-grid--2">
          <PersonalCard beneficiary={b} photoConsent={state('photos_internal')} />
          <SchoolCard beneficiary={b} />
        </div>
        <ConsentCard beneficiary={b} />
        <ChildDataCard beneficiary={b} />
        {members.length > 0 && (
          <HouseholdCard
            beneficiaryId={b.id}
            members={members}
            onAdd={() => setMember({ record: null })}
            onEdit={(record) => setMember({ record })}
          />
        )}
        <SpecialNeedsCard beneficiaryId={b.id} />
        <DocumentsCard beneficiaryId={b.id} />
        {canReadHistory && (
          <Suspense fallback={<HistoryCardSkeleton />}>
            <HistoryCard beneficiaryId={b.id} />
          </Suspense>
        )}

        {member && (
          <Suspense fallback={<DialogLoading />}>
            <HouseholdMemberDialog beneficiaryId={b.id} record={member.record} onClose={() => setMember(null)} />
          </Suspense>
        )}
        {editing && !locked && (
          <Suspense fallback={null}>
            <BeneficiaryDialog beneficiary={b} onClose={() => setEditing(false)} />
          </Suspense>
        )}
      </div>
    </RecordLockContext.Provider>
  );
}
